//! The outbox relay: the Records table's stream carries every change; this puts each new outbox
//! entry on the webhook queue (as an `event` message for the webhook-delivery function), and each
//! new mail of the mail outbox (as a `mail` message naming it, which that function sends).

use serde::Deserialize;
use shared::events::{outbox_partition, OutboxEntry};
use webhook_delivery::{Message, Queue};

#[derive(Deserialize)]
struct Row {
    pk: String,
    sk: String,
}

#[derive(Deserialize)]
struct OutboxRow {
    data: OutboxEntry,
}

/// Relays the outbox entries among `new_images` (the stream's NEW_IMAGEs of inserted items);
/// returns how many it queued. An error fails the whole batch, which the stream then retries.
pub async fn relay(queue: &Queue, new_images: Vec<serde_dynamo::Item>) -> anyhow::Result<usize> {
    let outbox = outbox_partition();
    let mail = shared::mail::outbox_partition();
    let mut queued = 0;
    for image in new_images {
        let row: Row = serde_dynamo::from_item(image.clone())?;
        if row.pk == mail.as_str() {
            queue.send(&Message::Mail { id: row.sk }).await?;
            queued += 1;
            continue;
        }
        if row.pk != outbox.as_str() {
            continue;
        }
        let OutboxRow { data: entry } = serde_dynamo::from_item(image)?;
        queue.send(&Message::Event { entry }).await?;
        queued += 1;
    }
    Ok(queued)
}
