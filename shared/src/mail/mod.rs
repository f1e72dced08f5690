//! Mail the API sends people: address verification, password resets.
//!
//! - A mail is put in the mail outbox ([`outbox_write`]) in the same transaction as the change it
//!   tells of (a sign-up, a reset request): a crash neither loses it nor sends it for a change
//!   that failed.
//! - The sender sends each and then deletes it: locally the worker ([`send_pending`]); in the
//!   cloud the outbox relay queues each new entry's id and the webhook-delivery function sends it
//!   ([`send_one`]), so a message SQS hands over twice finds its entry gone the second time. A
//!   crash between the send and the delete sends it again; the message's `Message-ID` is the
//!   entry's, so the copy is recognisably the same message.
//! - Transports: SMTP when `SMTP_URL` is set; Amazon SES in the cloud; otherwise each message is
//!   written to `DATA_DIR/mail/` as an `.eml` file and logged, so a newcomer can follow its links.
//! - The text part is sent as 8-bit, not quoted-printable: a link in the file is the link to open.

pub mod links;

use std::path::PathBuf;

use lettre::message::header::{ContentTransferEncoding, ContentType};
use lettre::message::{Body, Mailbox, MultiPart, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use serde::{Deserialize, Serialize};

use crate::store::{Condition, GlobalIndex, Item, Key, Partition, Query, StoreError, TenantId, Write};
use crate::AppState;

/// How long an unsent mail is kept: past this a link in it has expired anyway.
const KEEP_SECS: i64 = 7 * 24 * 3600;

/// One message to one person, rendered.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Mail {
    /// The workspace it is sent for (its branding, its log).
    pub tenant: TenantId,
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: String,
}

/// The mail outbox's partition (the outbox relay tells its entries by it).
pub fn outbox_partition() -> Partition {
    Partition::global(GlobalIndex::Mail, "0")
}

/// The write that puts `mail` in the mail outbox; add it to the transaction of the change it
/// tells of.
pub fn outbox_write(mail: &Mail) -> Result<Write, StoreError> {
    // Time-ordered, so the outbox drains in order; random, so two mails never share a key.
    let id = format!("{:013}-{}", crate::time::now_unix_ms(), uuid::Uuid::new_v4().simple());
    let item =
        Item::from_value(Key::new(outbox_partition(), id), mail)?.expiring_at(crate::time::now_unix() + KEEP_SECS);
    Ok(Write::put(item, Condition::NotExists))
}

/// Where mail goes.
#[derive(Clone)]
pub enum Transport {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    /// Amazon SES (the API's v2 `SendEmail`, the message as built here).
    Ses(aws_sdk_sesv2::Client),
    /// `.eml` files in this folder.
    Folder(PathBuf),
}

impl Transport {
    /// The transport the configuration names: `SMTP_URL`; else SES in the cloud (on DynamoDB);
    /// else the folder `DATA_DIR/mail`.
    pub async fn from_config(config: &crate::config::Config) -> anyhow::Result<Self> {
        if let Some(url) = &config.smtp_url {
            return Self::smtp(url.expose());
        }
        if matches!(config.store, crate::config::StoreKind::DynamoDb) {
            let sdk = crate::state::aws_sdk_config(config.aws_endpoint_url.as_deref()).await;
            return Ok(Self::Ses(aws_sdk_sesv2::Client::new(&sdk)));
        }
        Ok(Self::Folder(config.data_dir.join("mail")))
    }

    /// The SMTP server `url` names (see `SMTP_URL`).
    pub fn smtp(url: &str) -> anyhow::Result<Self> {
        Ok(Self::Smtp(
            AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                .map_err(|e| anyhow::anyhow!("SMTP_URL is not an SMTP URL: {e}"))?
                .build(),
        ))
    }

    async fn send(&self, message: lettre::Message, id: &str) -> anyhow::Result<()> {
        match self {
            Self::Smtp(smtp) => {
                smtp.send(message).await?;
            }
            Self::Ses(ses) => {
                use aws_sdk_sesv2::types::{EmailContent, RawMessage};
                let raw = RawMessage::builder()
                    .data(aws_sdk_sesv2::primitives::Blob::new(message.formatted()))
                    .build()?;
                ses.send_email()
                    .content(EmailContent::builder().raw(raw).build())
                    .send()
                    .await?;
            }
            Self::Folder(folder) => {
                tokio::fs::create_dir_all(folder).await?;
                let path = folder.join(format!("{id}.eml"));
                tokio::fs::write(&path, message.formatted()).await?;
                tracing::info!(path = %path.display(), "mail written to the mail folder (no SMTP_URL)");
            }
        }
        Ok(())
    }
}

/// `mail` as a MIME message from `from`, with `id` in its `Message-ID`.
fn message(mail: &Mail, from: &str, id: &str) -> anyhow::Result<lettre::Message> {
    // The text part as it is, in 8-bit (its lines, links included, are far below SMTP's 998
    // characters; lettre would quote-print any line past 76). The HTML part as lettre encodes it.
    let crlf_text = mail.text.replace("\r\n", "\n").replace('\n', "\r\n");
    let text = SinglePart::builder()
        .header(ContentType::TEXT_PLAIN)
        .body(Body::dangerous_pre_encoded(
            crlf_text.into_bytes(),
            ContentTransferEncoding::EightBit,
        ));
    let html = SinglePart::builder()
        .header(ContentType::TEXT_HTML)
        .body(mail.html.clone());
    Ok(lettre::Message::builder()
        .from(from.parse::<Mailbox>()?)
        .to(mail.to.parse::<Mailbox>()?)
        .subject(&mail.subject)
        .message_id(Some(format!("<{id}@worktop>")))
        .multipart(MultiPart::alternative().singlepart(text).singlepart(html))?)
}

/// Sends one outbox entry and deletes it; whether it was sent. A mail whose address cannot take
/// a message is dropped with a warning; a transport error leaves it in the outbox.
async fn deliver(state: &AppState, transport: &Transport, item: Item) -> anyhow::Result<bool> {
    let mail: Mail = item.parse()?;
    let id = item.key.sk.clone();
    let sent = match message(&mail, &state.config().mail_from, &id) {
        Ok(message) => {
            transport.send(message, &id).await?;
            true
        }
        Err(e) => {
            tracing::warn!(tenant.id = mail.tenant.0, error = %e, "a mail that cannot be sent is dropped");
            false
        }
    };
    match state.store().write(Write::delete(item.key, Condition::Exists)).await {
        // Another sender sent it too: a duplicate, which the shared Message-ID names.
        Ok(()) | Err(StoreError::ConditionFailed { .. }) => Ok(sent),
        Err(e) => Err(e.into()),
    }
}

/// Sends up to `limit` mails of the outbox, oldest first (the local worker); how many it sent. A
/// transport error stops the pass (the mail stays for the next).
pub async fn send_pending(state: &AppState, transport: &Transport, limit: usize) -> anyhow::Result<usize> {
    let page = state
        .store()
        .query(Query {
            limit,
            ..Query::partition(outbox_partition())
        })
        .await?;
    let mut sent = 0;
    for item in page.items {
        sent += usize::from(deliver(state, transport, item).await?);
    }
    Ok(sent)
}

/// Sends the outbox entry `id` (in the cloud: the outbox relay queues each new entry's id); an
/// entry already gone was sent by an earlier delivery of the same message, and is not sent again.
pub async fn send_one(state: &AppState, transport: &Transport, id: &str) -> anyhow::Result<bool> {
    match state.store().get(&Key::new(outbox_partition(), id)).await? {
        Some(item) => deliver(state, transport, item).await,
        None => Ok(false),
    }
}

/// The local sender: one pass every half second, until the process ends.
pub async fn spawn_worker(state: AppState) -> anyhow::Result<tokio::task::JoinHandle<()>> {
    let transport = Transport::from_config(state.config()).await?;
    Ok(tokio::spawn(async move {
        loop {
            match send_pending(&state, &transport, 25).await {
                Ok(0) => tokio::time::sleep(std::time::Duration::from_millis(500)).await,
                Ok(_) => {}
                Err(e) => {
                    tracing::warn!(error = %e, "mail pass failed; retrying");
                    tokio::time::sleep(std::time::Duration::from_secs(5)).await;
                }
            }
        }
    }))
}

/// `text` with `&`, `<`, `>` and quotes escaped, for HTML.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A mail of a few paragraphs and one button: its text and HTML parts.
pub struct Letter<'a> {
    /// Whose mail it is (the workspace's name), at its top.
    pub brand: &'a str,
    pub paragraphs: &'a [&'a str],
    pub action: (&'a str, &'a str),
    /// A last line in small print (why they got it).
    pub footer: &'a str,
}

impl Letter<'_> {
    /// The mail to `to` for `tenant`.
    pub fn to(&self, tenant: TenantId, to: &str, subject: &str) -> Mail {
        let (label, url) = self.action;
        let text = format!(
            "{}\n\n{}\n\n{label}: {url}\n\n{}\n",
            self.brand,
            self.paragraphs.join("\n\n"),
            self.footer
        );
        let paragraphs: String = self
            .paragraphs
            .iter()
            .map(|p| format!("<p>{}</p>", escape_html(p)))
            .collect();
        let html = format!(
            "<!doctype html><html><body style=\"font-family:sans-serif;color:#1a1a1a;max-width:36em\">\
             <h1 style=\"font-size:1.2em\">{brand}</h1>{paragraphs}\
             <p><a href=\"{url}\" style=\"display:inline-block;padding:.6em 1.2em;background:#1f5fbf;color:#fff;text-decoration:none;border-radius:4px\">{label}</a></p>\
             <p style=\"font-size:.85em;color:#555\">Or open: {url}</p>\
             <p style=\"font-size:.85em;color:#555\">{footer}</p></body></html>",
            brand = escape_html(self.brand),
            url = escape_html(url),
            label = escape_html(label),
            footer = escape_html(self.footer),
        );
        Mail {
            tenant,
            to: to.to_owned(),
            subject: subject.to_owned(),
            text,
            html,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_letter_escapes_what_it_is_given_in_its_html_and_keeps_the_link_whole_in_its_text() {
        let url = "http://localhost:8080/#/verify?token=abc&x=1";
        let mail = Letter {
            brand: "Acme <Dental>",
            paragraphs: &["Hello \"Ana\"."],
            action: ("Verify", url),
            footer: "You signed up.",
        }
        .to(TenantId(1), "ana@example.com", "Verify your address");
        assert!(mail.text.contains(url));
        assert!(mail.html.contains("Acme &lt;Dental&gt;"));
        assert!(mail.html.contains("Hello &quot;Ana&quot;."));
        assert!(mail.html.contains("token=abc&amp;x=1"));
        let formatted = String::from_utf8(
            message(&mail, "Worktop <no-reply@example.com>", "1-a")
                .unwrap()
                .formatted(),
        )
        .unwrap();
        assert!(formatted.contains(url), "8-bit text: the link is whole in the message");
        assert!(formatted.contains("Message-ID: <1-a@worktop>"));
    }
}
