//! Every module of the deployment, the one place a module is registered. The local server
//! (`functions/monolith`), the functions that run every module (`functions/lambdas`: platform,
//! which seeds new workspaces, the MCP server and the transfer worker), the generated documents
//! and the contract tests read it. Each other function lists only the modules it links.

use shared::module::ModuleDef;

pub const ALL: [ModuleDef; 11] = [
    identity::MODULE,
    crm::MODULE,
    // The books before the modules that post to them: a sandbox's seeded POS sales need the chart.
    accounting::MODULE,
    inventory::MODULE,
    sales::MODULE,
    projects::MODULE,
    support::MODULE,
    hr::MODULE,
    v1::MODULE,
    platform::MODULE,
    mcp::MODULE,
];
