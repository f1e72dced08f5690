//! The MCP function: `POST /mcp` and the resource's OAuth metadata, inside AWS Lambda (or on
//! `PORT` outside it). Unlike the other functions it links every module's handlers: a tool call
//! runs the REST route it stands for in this process, through that route's own gate.

#[tokio::main]
async fn main() -> Result<(), shared::runtime::Error> {
    shared::runtime::run("mcp", &modules::ALL).await
}
