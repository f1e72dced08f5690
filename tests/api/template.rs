//! The deployed routing, read from `template.yaml`: API Gateway sends each request to the one
//! route that matches it most specifically, and that route's function must be the one whose
//! router serves the request. A route added to a module but not to the template, a route given to
//! the wrong function, or a template route no handler serves fails here, before a deployment does.

use std::collections::{HashMap, HashSet};

/// HTTP APIs take at most 300 routes per API (a quota AWS raises on request, which a deployment
/// should not depend on).
const HTTP_API_ROUTE_QUOTA: usize = 300;
/// Routes kept free under the quota, so the next modules' routes fit without a second API. The
/// template has 192 routes today (most modules reach their paths through one `{proxy+}` route
/// per prefix), so 108 remain.
const ROUTES_KEPT_FREE: usize = 40;

/// One `Type: HttpApi` event of a function in `template.yaml`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct HttpRoute {
    /// The function's `Binary`, the name its module registers (`ModuleDef::function`).
    function: String,
    method: String,
    path: String,
}

/// Every HttpApi event of the template, with its function. The template writes each one as
/// `Properties: {ApiId: !Ref HttpApi, Path: ..., Method: ...}` on the line after its
/// `Type: HttpApi`; a line in another shape fails the parse rather than being skipped.
fn http_routes() -> Vec<HttpRoute> {
    let template = include_str!("../../template.yaml");
    let mut routes = Vec::new();
    let mut binary: Option<String> = None;
    let mut lines = template.lines().peekable();
    while let Some(line) = lines.next() {
        // A new top-level resource (two spaces of indent) forgets the last one's binary.
        if line.starts_with("  ") && !line.starts_with("   ") && line.trim_end().ends_with(':') {
            binary = None;
        }
        if let Some(name) = line.trim().strip_prefix("Binary: ") {
            binary = Some(name.to_string());
        }
        if line.trim() != "Type: HttpApi" {
            continue;
        }
        let properties = lines.next().expect("a Properties line after `Type: HttpApi`");
        let field = |name: &str| -> String {
            properties
                .split(&format!("{name}: "))
                .nth(1)
                .and_then(|rest| rest.split(',').next())
                // The last field ends the flow mapping; a quoted value keeps its braces.
                .map(|v| match v.trim().strip_prefix('\'') {
                    Some(quoted) => quoted.split('\'').next().unwrap_or_default().to_string(),
                    None => v.trim().trim_end_matches('}').trim().to_string(),
                })
                .unwrap_or_else(|| panic!("no {name} in `{properties}`"))
        };
        routes.push(HttpRoute {
            function: binary
                .clone()
                .unwrap_or_else(|| panic!("an HttpApi event outside a function: {properties}")),
            method: field("Method"),
            path: field("Path"),
        });
    }
    routes
}

/// How specifically template segment `route` matches request segment `asked`: a literal beats a
/// path variable, which beats the greedy `{proxy+}` (API Gateway's order). `None`: no match. A
/// request segment that is itself a variable (`{id}` of a documented path) is matched only by a
/// variable, since any value may stand there.
fn segment_rank(route: &str, asked: &str) -> Option<u8> {
    let variable = |s: &str| s.starts_with('{') && s.ends_with('}');
    match (variable(route), variable(asked)) {
        (false, false) if route == asked => Some(2),
        (false, _) => None,
        (true, _) => Some(1),
    }
}

/// The route API Gateway picks for `method path`: among the routes whose method is the request's
/// or `ANY` and whose path matches, the most specific one, segment by segment from the left, a
/// named method before `ANY`. `None` when no route matches (API Gateway's 404).
fn selected<'r>(routes: &'r [HttpRoute], method: &str, path: &str) -> Option<&'r HttpRoute> {
    let asked: Vec<&str> = path.split('/').collect();
    routes
        .iter()
        .filter(|r| r.method == method || r.method == "ANY")
        .filter_map(|route| {
            let segments: Vec<&str> = route.path.split('/').collect();
            let mut ranks = Vec::new();
            for (i, segment) in segments.iter().enumerate() {
                if *segment == "{proxy+}" {
                    // Greedy: one or more segments, and only as the last segment.
                    if asked.len() <= i {
                        return None;
                    }
                    ranks.push(0);
                    break;
                }
                ranks.push(segment_rank(segment, asked.get(i)?)?);
            }
            let greedy = segments.last() == Some(&"{proxy+}");
            if !greedy && segments.len() != asked.len() {
                return None;
            }
            Some((ranks, route.method != "ANY", route))
        })
        .max_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)))
        .map(|(_, _, route)| route)
}

fn catalogue() -> Vec<(String, String, String)> {
    include_str!("../../docs/catalogue.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty() && !l.starts_with("method\t"))
        .map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            (cols[0].to_string(), cols[1].to_string(), cols[3].to_string())
        })
        .collect()
}

/// Every route of every module (those between cells too), with the function that serves it.
fn designed_routes() -> Vec<(String, String, &'static str)> {
    modules::ALL
        .iter()
        .filter_map(|module| Some((module, module.routes?())))
        .flat_map(|(module, routes)| {
            let internal: Vec<_> = routes
                .undocumented_routes()
                .iter()
                .map(|(method, path)| (method.as_str().to_string(), path.to_string(), module.function))
                .collect();
            routes
                .into_docs()
                .into_iter()
                .map(move |doc| (doc.method.as_str().to_string(), doc.path.to_string(), module.function))
                .chain(internal)
        })
        .collect()
}

#[test]
fn the_template_is_read_whole() {
    let routes = http_routes();
    let events = include_str!("../../template.yaml")
        .lines()
        .filter(|l| l.trim() == "Type: HttpApi")
        .count();
    assert_eq!(routes.len(), events);
    assert!(routes.len() > 100, "{} routes", routes.len());
    // The parser and the selection agree with what the template plainly says.
    let login = selected(&routes, "POST", "/api/login").expect("POST /api/login is routed");
    assert_eq!(login.function, "identity");
    assert_eq!(selected(&routes, "GET", "/api/no-such-thing/at-all"), None);
}

#[test]
fn the_selection_prefers_the_most_specific_route() {
    let route = |function: &str, method: &str, path: &str| HttpRoute {
        function: function.into(),
        method: method.into(),
        path: path.into(),
    };
    let routes = vec![
        route("a", "ANY", "/api/lead/{proxy+}"),
        route("b", "ANY", "/api/lead/report/{proxy+}"),
        route("c", "GET", "/api/lead/{id}"),
        route("d", "ANY", "/api/lead/{id}"),
        route("e", "ANY", "/api/lead"),
    ];
    let at = |method: &str, path: &str| selected(&routes, method, path).map(|r| r.function.as_str());
    assert_eq!(at("GET", "/api/lead/{id}"), Some("c"));
    assert_eq!(at("DELETE", "/api/lead/{id}"), Some("d"));
    assert_eq!(at("GET", "/api/lead/report/{id}"), Some("b"));
    assert_eq!(at("GET", "/api/lead/{id}/convert"), Some("a"));
    assert_eq!(at("GET", "/api/lead"), Some("e"));
    assert_eq!(at("GET", "/api/leads"), None);
}

#[test]
fn every_catalogue_row_and_designed_route_reaches_exactly_its_own_function() {
    let routes = http_routes();
    let mut seen = HashSet::new();
    for route in &routes {
        assert!(
            seen.insert((route.method.as_str(), route.path.as_str())),
            "{} {} is declared twice in template.yaml",
            route.method,
            route.path
        );
    }
    let mut wrong = Vec::new();
    let asked = designed_routes()
        .into_iter()
        .map(|(m, p, f)| (m, p, f.to_string(), "route"))
        .chain(catalogue().into_iter().map(|(m, p, f)| (m, p, f, "catalogue row")));
    for (method, path, function, what) in asked {
        match selected(&routes, &method, &path) {
            Some(route) if route.function == function => {}
            Some(route) => wrong.push(format!(
                "{what} {method} {path} reaches {} ({} {}), not {function}",
                route.function, route.method, route.path
            )),
            None => wrong.push(format!(
                "{what} {method} {path} has no route in template.yaml ({function})"
            )),
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_template_route_serves_some_designed_route() {
    let routes = http_routes();
    let mut reached: HashMap<&HttpRoute, usize> = routes.iter().map(|r| (r, 0)).collect();
    for (method, path, _) in designed_routes() {
        if let Some(route) = selected(&routes, &method, &path) {
            *reached.get_mut(route).unwrap() += 1;
        }
    }
    let mut unreachable: Vec<String> = reached
        .into_iter()
        .filter(|(_, n)| *n == 0)
        .map(|(r, _)| format!("{} {} ({})", r.method, r.path, r.function))
        .collect();
    unreachable.sort();
    assert!(
        unreachable.is_empty(),
        "template routes that no handler serves:\n{}",
        unreachable.join("\n")
    );
}

#[test]
fn the_route_count_leaves_room_under_the_http_api_quota() {
    let count = http_routes().len();
    assert!(
        count + ROUTES_KEPT_FREE <= HTTP_API_ROUTE_QUOTA,
        "{count} routes: the HTTP API takes {HTTP_API_ROUTE_QUOTA} and {ROUTES_KEPT_FREE} are kept free; merge \
         routes under a `{{proxy+}}` prefix"
    );
}

/// A second region (or a second stack in one region) is the same template deployed again, so no
/// resource may carry a fixed physical name: CloudFormation then generates each from the stack's
/// name, and two stacks in one account never collide on a table, bucket, queue, secret, function,
/// log group or export. The only names written are references to generated ones.
#[test]
fn no_resource_has_a_fixed_name_so_two_stacks_never_collide() {
    const NAMING: [&str; 9] = [
        "TableName:",
        "BucketName:",
        "QueueName:",
        "FunctionName:",
        "TopicName:",
        "RoleName:",
        "LogGroupName:",
        "Name:",
        "Export:",
    ];
    let mut fixed = Vec::new();
    for (number, line) in include_str!("../../template.yaml").lines().enumerate() {
        let field = line.trim().trim_start_matches("- ");
        let Some(naming) = NAMING.iter().find(|n| field.starts_with(**n)) else {
            continue;
        };
        let value = field[naming.len()..].trim();
        let generated = value.starts_with("!GetAtt ")
            || value.starts_with("!Ref ")
            // A log group named after its function's generated name.
            || (value.starts_with("!Sub '/aws/lambda/${") && value.ends_with("}'"));
        if !generated {
            fixed.push(format!("line {}: {}", number + 1, line.trim()));
        }
    }
    assert!(
        fixed.is_empty(),
        "fixed resource names would collide between two stacks:\n{}",
        fixed.join("\n")
    );
}

/// What one route row is, for comparing tables: its method and path.
fn method_and_path(doc: &shared::routes::RouteDoc) -> (String, &'static str) {
    (doc.method.to_string(), doc.path)
}

/// Each HTTP function links the modules as `serving_only` gives them: it serves exactly the routes
/// of the modules named for it, still knows every kind (from the generated description), and
/// keeps the seeders only where a module it serves opens accounts (platform).
#[test]
fn each_function_serves_its_own_routes_and_knows_every_kind() {
    use shared::module::{all_routes, serving_only, Registry};
    let every = Registry::new(&modules::ALL);
    let every_kind: Vec<_> = every.catalog().resource_kinds().collect();
    let functions: HashSet<&str> = modules::ALL.iter().map(|m| m.function).collect();
    for function in functions {
        let linked: &'static [shared::module::ModuleDef] = Box::leak(Box::new(serving_only(function, modules::ALL)));
        let served: Vec<_> = all_routes(linked).into_docs().iter().map(method_and_path).collect();
        let own: Vec<_> = modules::ALL
            .iter()
            .filter(|m| m.function == function)
            .filter_map(|m| m.routes)
            .flat_map(|routes| routes().into_docs())
            .map(|doc| method_and_path(&doc))
            .collect();
        assert!(!own.is_empty(), "{function} serves no route");
        assert_eq!(served, own, "{function} serves other functions' routes");
        let registry = Registry::new(linked);
        let kinds: Vec<_> = registry.catalog().resource_kinds().collect();
        assert_eq!(kinds, every_kind, "{function} does not know every kind");
        let seeds = linked.iter().filter(|m| m.seeder.is_some()).count();
        let expected = if function == "platform" {
            modules::ALL.iter().filter(|m| m.seeder.is_some()).count()
        } else {
            0
        };
        assert_eq!(seeds, expected, "{function}'s seeders");
        assert!(
            kinds
                .iter()
                .all(|(_, kind)| registry.catalog().transfer(kind).is_none()),
            "{function} links import and export runners, which only the transfer worker runs"
        );
    }
    // The transfer worker runs every import and export the local server does, and serves nothing.
    let worker: &'static [shared::module::ModuleDef] = Box::leak(Box::new(shared::module::transferring(modules::ALL)));
    let worker = Registry::new(worker);
    let runs = |registry: &Registry| -> Vec<&'static str> {
        let kinds = registry.catalog().resource_kinds();
        kinds
            .filter(|(_, kind)| registry.catalog().transfer(kind).is_some())
            .map(|(_, kind)| kind)
            .collect()
    };
    assert!(runs(&every).len() > 20, "the local server runs imports and exports");
    assert_eq!(runs(&worker), runs(&every));
    assert!(worker.route_docs().is_empty(), "the transfer worker serves routes");
    // The MCP server runs every route in process, and no import or export.
    let mcp: &'static [shared::module::ModuleDef] = Box::leak(Box::new(shared::module::serving_all(modules::ALL)));
    let mcp = Registry::new(mcp);
    assert!(runs(&mcp).is_empty(), "the MCP server links import and export runners");
    assert_eq!(mcp.route_docs().len(), every.route_docs().len());
}

/// The workspace crates a crate reaches through its `[dependencies]` (not dev- or build-), each
/// read from its `Cargo.toml`: the path dependencies named `<crate>.workspace = true` or
/// `<crate> = { path = ... }`.
fn reached_crates(manifests: &HashMap<String, String>, paths: &HashMap<String, String>, from: &str) -> HashSet<String> {
    let mut reached = HashSet::new();
    let mut next = vec![from.to_owned()];
    while let Some(name) = next.pop() {
        let manifest = &manifests[&name];
        let mut in_dependencies = false;
        for line in manifest.lines().map(str::trim) {
            if line.starts_with('[') {
                in_dependencies = line == "[dependencies]";
                continue;
            }
            let Some(dependency) = line.split(['.', ' ', '=']).next().filter(|_| in_dependencies) else {
                continue;
            };
            if paths.contains_key(dependency) && reached.insert(dependency.to_owned()) {
                next.push(dependency.to_owned());
            }
        }
    }
    reached
}

/// Each Lambda function's crate (`functions/lambdas/<function>`, the template's `Binary`) reaches
/// the local server's crate never, and the module crates only as this table says: its own, the
/// ones its modules read records of, and accounting where it posts to the books. Platform (every
/// module's seeder), the MCP server and the transfer worker (every module's routes or imports)
/// link them all. A new dependency between modules fails here until the table says why.
#[test]
fn each_function_crate_reaches_only_its_modules() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let workspace = std::fs::read_to_string(format!("{root}/Cargo.toml")).unwrap();
    // Every workspace crate's name and folder, from `[workspace.dependencies]` and the members.
    let mut paths: HashMap<String, String> = HashMap::new();
    for line in workspace.lines() {
        if let Some((name, rest)) = line.split_once(" = { path = \"") {
            paths.insert(name.to_owned(), rest.split('"').next().unwrap().to_owned());
        }
    }
    let members = workspace
        .split("members = [")
        .nth(1)
        .unwrap()
        .split(']')
        .next()
        .unwrap();
    for member in members.split(',').map(|m| m.trim().trim_matches('"')) {
        let manifest = std::fs::read_to_string(format!("{root}/{member}/Cargo.toml")).unwrap();
        let name = manifest
            .lines()
            .find_map(|l| l.strip_prefix("name = \""))
            .unwrap()
            .trim_end_matches('"');
        paths.insert(name.to_owned(), member.to_owned());
    }
    let manifests: HashMap<String, String> = paths
        .iter()
        .map(|(name, path)| {
            (
                name.clone(),
                std::fs::read_to_string(format!("{root}/{path}/Cargo.toml")).unwrap(),
            )
        })
        .collect();
    let module_crates: HashSet<&str> = modules::ALL.iter().map(|m| m.function).collect();
    let every: Vec<&str> = {
        let mut every: Vec<&str> = module_crates.iter().copied().collect();
        every.sort();
        every
    };
    let expected: &[(&str, &[&str])] = &[
        ("identity", &["identity"]),
        ("crm", &["crm", "identity", "inventory"]),
        ("inventory", &["accounting", "identity", "inventory"]),
        ("accounting", &["accounting", "identity", "inventory"]),
        ("sales", &["accounting", "identity", "inventory", "sales"]),
        ("projects", &["identity", "projects"]),
        ("support", &["identity", "support"]),
        ("hr", &["accounting", "hr", "identity", "inventory"]),
        ("v1", &["accounting", "crm", "identity", "inventory", "projects", "v1"]),
        ("platform", &every),
        ("mcp", &every),
        ("transfer", &every),
    ];
    let template = std::fs::read_to_string(format!("{root}/template.yaml")).unwrap();
    let binaries: HashSet<&str> = template
        .lines()
        .filter_map(|l| l.trim().strip_prefix("Binary: "))
        .collect();
    for (function, modules) in expected {
        assert!(binaries.contains(function), "template.yaml has no function {function}");
        let package = format!("{function}-function");
        assert_eq!(
            paths.get(&package).map(String::as_str),
            Some(format!("functions/lambdas/{function}").as_str())
        );
        let reached = reached_crates(&manifests, &paths, &package);
        assert!(
            !reached.contains("monolith"),
            "{package} reaches the local server's crate"
        );
        let mut reached_modules: Vec<&str> = reached
            .iter()
            .map(String::as_str)
            .filter(|c| module_crates.contains(c))
            .collect();
        reached_modules.sort();
        assert_eq!(&reached_modules, modules, "the module crates {package} reaches");
    }
}
