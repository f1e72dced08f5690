//! The MCP function: `POST /mcp` and the resource's OAuth metadata, inside AWS Lambda (or on
//! `PORT` outside it). Unlike the other functions it links every module's handlers: a tool call
//! runs the REST route it stands for in this process, through that route's own gate.

/// Every module, as this function links them: every route table and seeder, no import or export
/// runner.
static MODULES: [shared::module::ModuleDef; modules::ALL.len()] = shared::module::serving_all(modules::ALL);

#[tokio::main]
async fn main() -> Result<(), shared::runtime::Error> {
    shared::runtime::run("mcp", &MODULES).await
}
