//! The support desk a workspace starts with: three categories (live workspaces too), and in a
//! sandbox tickets in every status with replies from staff and customers and internal notes,
//! FAQs and knowledge-base articles. Everything goes through the operations the routes use, so
//! numbers, counters and events agree. It reads identity's sandbox users (ids 1 to 7: owner,
//! admin, two staff, two clients, vendor).

use serde_json::json;
use shared::http::ApiError;
use shared::resource::{ops, Cx};
use shared::sandbox::{body, insert};

use crate::categories::Category;
use crate::conversation::{self, Note, NoteIn};
use crate::knowledge::{Article, Faq};
use crate::tickets::Ticket;

/// Identity's sandbox users.
const LEO: u64 = 3;
const JORDAN: u64 = 5;

/// The categories every workspace starts with: General, Billing, Technical (their ids in order).
pub async fn default_categories(cx: Cx<'_>) -> Result<Vec<u64>, ApiError> {
    let mut ids = Vec::new();
    for (name, description) in [
        ("General", "Questions about anything else."),
        ("Billing", "Invoices, payments and refunds."),
        ("Technical", "Something does not work as it should."),
    ] {
        let category: Category = insert(cx, json!({"name": name, "description": description})).await?;
        ids.push(category.meta.id);
    }
    Ok(ids)
}

async fn status(cx: Cx<'_>, ticket: &Ticket, status: &str) -> Result<(), ApiError> {
    ops::update::<Ticket>(cx, ticket.meta.id, body(json!({"status": status}))?, None).await?;
    Ok(())
}

async fn reply(cx: Cx<'_>, ticket: &Ticket, input: serde_json::Value) -> Result<(), ApiError> {
    conversation::reply(cx, ticket.meta.id, body(input)?).await?;
    Ok(())
}

async fn note(cx: Cx<'_>, ticket: &Ticket, text: &str) -> Result<(), ApiError> {
    let input: NoteIn = body(json!({"note": text}))?;
    ops::insert_under::<Note>(cx, ticket.meta.id, input, Vec::new()).await?;
    Ok(())
}

/// Seeds a sandbox's desk.
pub async fn seed_desk(cx: Cx<'_>) -> Result<(), ApiError> {
    let ids = default_categories(cx).await?;
    let (general, billing, technical) = (ids[0], ids[1], ids[2]);

    // Open: nobody has answered yet.
    insert::<Ticket>(cx, json!({"subject": "Can we add a second warehouse?", "name": "Priya Shah", "email": "priya@northwind.example", "category_id": general, "priority": "low"})).await?;
    // In progress: staff answered (which moved it), the customer wrote back by e-mail.
    let invoice: Ticket = insert(cx, json!({"subject": "Cannot download my invoice", "description": "The PDF link of invoice INV-000004 answers 404.", "user_id": JORDAN, "category_id": billing, "priority": "high", "assigned_to": LEO})).await?;
    reply(
        cx,
        &invoice,
        json!({"description": "Sorry about that: we are regenerating the PDF now."}),
    )
    .await?;
    reply(
        cx,
        &invoice,
        json!({"description": "Thanks, I will wait for it.", "from_email": "jordan.blake@acme.example"}),
    )
    .await?;
    note(
        cx,
        &invoice,
        "The PDF renderer timed out on this invoice; retried by hand.",
    )
    .await?;
    // On hold: waiting for the customer.
    let sync: Ticket = insert(cx, json!({"subject": "Calendar sync stopped", "description": "Meetings no longer reach Google Calendar.", "name": "Omar Khan", "email": "omar@contoso.example", "category_id": technical, "priority": "urgent", "assigned_to": LEO})).await?;
    reply(
        cx,
        &sync,
        json!({"description": "Could you reconnect the calendar under Settings and tell us if it helps?"}),
    )
    .await?;
    status(cx, &sync, "on_hold").await?;
    note(
        cx,
        &sync,
        "Their token was revoked on Google's side; nothing to fix here.",
    )
    .await?;
    // Closed: answered and done.
    let refund: Ticket = insert(cx, json!({"subject": "Refund for a double payment", "name": "Elena Rossi", "email": "elena@globex.example", "category_id": billing, "priority": "medium"})).await?;
    reply(
        cx,
        &refund,
        json!({"description": "Refunded today; it reaches your card in 3 to 5 days."}),
    )
    .await?;
    status(cx, &refund, "closed").await?;

    for (title, description) in [
        (
            "How do I reset my password?",
            "Use the link on the sign-in page; it is valid for an hour.",
        ),
        (
            "Can I change my plan later?",
            "Yes: upgrades apply at once, downgrades at the end of the period.",
        ),
        (
            "Where do I find my API key?",
            "Settings, then API keys: create one and copy it, it is shown once.",
        ),
    ] {
        insert::<Faq>(cx, json!({"title": title, "description": description})).await?;
    }
    insert::<Article>(cx, json!({"title": "Exporting invoices", "description": "Open Invoices, filter the period, then export the list as CSV.", "category_id": billing})).await?;
    insert::<Article>(cx, json!({"title": "Connecting a calendar", "description": "Settings, Integrations, Calendar: sign in with the account whose calendar you use.", "category_id": technical})).await?;
    Ok(())
}
