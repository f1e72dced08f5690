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
//! - The outbox keeps a mail's words ([`Letter`]); the sender draws them with the workspace's
//!   branding ([`crate::white_label`]: brand name, colour, logo inline, support address as
//!   `Reply-To`) and sends them through the workspace's own SMTP server where it set one, from its
//!   own address. That server is a user-set host: it goes through the SSRF policy when the
//!   connection is made, pinned to the addresses checked. When it refuses or cannot be reached,
//!   the mail goes out through the deployment's transport instead (from the deployment's
//!   address, with the brand's name), so a reseller's broken mail server neither loses a
//!   verification or reset link nor holds up other workspaces' mail. One read of the settings
//!   per mail, off the request path.

pub mod links;

use std::path::PathBuf;

use lettre::message::header::{ContentTransferEncoding, ContentType};
use lettre::message::{Attachment, Body, Mailbox, MultiPart, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use serde::{Deserialize, Serialize};

use crate::store::files::ObjectKey;
use crate::store::{Condition, GlobalIndex, Item, Key, Partition, Query, StoreError, TenantId, Write};
use crate::white_label::{self, Smtp, SmtpSecurity};
use crate::AppState;

/// How long an unsent mail is kept: past this a link in it has expired anyway.
const KEEP_SECS: i64 = 7 * 24 * 3600;

/// One message to one person, as the outbox keeps it: drawn when it is sent.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Mail {
    /// The workspace it is sent for (its branding, its mail server, its log).
    pub tenant: TenantId,
    pub to: String,
    pub subject: String,
    pub words: Words,
}

/// A letter's words ([`Letter`], owned).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Words {
    /// The workspace's name: the heading, unless its branding names a brand.
    pub brand: String,
    pub paragraphs: Vec<String>,
    /// The button's label and link.
    pub action: (String, String),
    pub footer: String,
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
            let sdk = crate::aws::aws_sdk_config(config.aws_endpoint_url.as_deref()).await;
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

/// How a workspace's mail looks and leaves: its white-label settings, read when it is sent.
#[derive(Default)]
struct Sender {
    brand: Option<String>,
    color: Option<crate::domain::Color>,
    reply_to: Option<String>,
    /// The logo's bytes and content type, shown inline.
    logo: Option<(Vec<u8>, String)>,
    smtp: Option<Smtp>,
}

impl Sender {
    async fn of(state: &AppState, tenant: TenantId) -> anyhow::Result<Self> {
        let settings = white_label::load_settings(state, tenant)
            .await
            .map_err(|e| anyhow::anyhow!("reading the workspace's mail settings: {e:?}"))?;
        let branding = settings.branding;
        let logo = match branding.logo.as_ref().and_then(|l| ObjectKey::stored(tenant, &l.key)) {
            // A logo that cannot be read leaves the mail with the brand's name only.
            Some(key) => match state.files().get(&key).await {
                Ok(object) => object.map(|o| (o.bytes.to_vec(), o.content_type)),
                Err(e) => {
                    tracing::warn!(tenant.id = tenant.0, error = %e, "the logo for a mail could not be read");
                    None
                }
            },
            None => None,
        };
        Ok(Self {
            brand: branding.brand_name,
            color: branding.primary_color,
            reply_to: branding.support_email.map(|e| e.to_string()),
            logo,
            smtp: settings.smtp,
        })
    }

    /// The From of a mail through the deployment's transport: its address, under the brand's
    /// name when there is one.
    fn deployment_from(&self, mail_from: &str) -> anyhow::Result<Mailbox> {
        let from: Mailbox = mail_from.parse()?;
        Ok(match &self.brand {
            Some(brand) => Mailbox::new(Some(brand.clone()), from.email),
            None => from,
        })
    }

    /// The From of a mail through the workspace's own server.
    fn own_from(smtp: &Smtp) -> anyhow::Result<Mailbox> {
        Ok(Mailbox::new(
            smtp.from_name.clone(),
            smtp.from_address.to_string().parse()?,
        ))
    }
}

/// Sends `message` through the workspace's own SMTP server: the host checked by the SSRF policy
/// when connecting, the connection pinned to the checked address, TLS verified against the host
/// name, the password opened only here.
async fn send_own(state: &AppState, tenant: TenantId, smtp: &Smtp, message: lettre::Message) -> anyhow::Result<()> {
    use lettre::transport::smtp::authentication::Credentials;
    use lettre::transport::smtp::client::{Tls, TlsParameters};

    let target = url::Url::parse(&format!("smtp://{}:{}", smtp.host, smtp.port))?;
    let addresses = crate::events::check_target(&target, state.config().webhook_allow_private)
        .await
        .map_err(|reason| anyhow::anyhow!("the workspace's SMTP host is refused: {reason}"))?;
    let address = addresses.first().ok_or_else(|| anyhow::anyhow!("no address"))?;
    let tls = match smtp.security {
        SmtpSecurity::Tls => Tls::Wrapper(TlsParameters::new(smtp.host.clone())?),
        SmtpSecurity::StartTls => Tls::Required(TlsParameters::new(smtp.host.clone())?),
        SmtpSecurity::None => Tls::None,
    };
    let mut transport = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(address.ip().to_string())
        .port(address.port())
        .tls(tls)
        .timeout(Some(OWN_SMTP_TIMEOUT));
    if let Some(user) = &smtp.username {
        let password = match &smtp.password {
            Some(sealed) => crate::secrets::open(state, &white_label::smtp_context(tenant), sealed)
                .map_err(|e| anyhow::anyhow!("the workspace's SMTP password does not open: {e:?}"))?,
            None => String::new(),
        };
        transport = transport.credentials(Credentials::new(user.clone(), password));
    }
    transport.build().send(message).await?;
    Ok(())
}

/// How long a workspace's own SMTP server is given, all steps together, before the mail goes the
/// deployment's way (the cloud's sender handles ten messages in one minute).
const OWN_SMTP_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

/// `mail` as a MIME message from `from`, drawn as `sender` says, with `id` in its `Message-ID`.
fn message(mail: &Mail, sender: &Sender, from: Mailbox, id: &str) -> anyhow::Result<lettre::Message> {
    let (text, html) = draw(&mail.words, sender);
    // The text part as it is, in 8-bit (its lines, links included, are far below SMTP's 998
    // characters; lettre would quote-print any line past 76). The HTML part as lettre encodes it.
    let crlf_text = text.replace("\r\n", "\n").replace('\n', "\r\n");
    let text = SinglePart::builder()
        .header(ContentType::TEXT_PLAIN)
        .body(Body::dangerous_pre_encoded(
            crlf_text.into_bytes(),
            ContentTransferEncoding::EightBit,
        ));
    let html = SinglePart::builder().header(ContentType::TEXT_HTML).body(html);
    let html = match &sender.logo {
        Some((bytes, content_type)) => MultiPart::related()
            .singlepart(html)
            .singlepart(Attachment::new_inline(LOGO_CID.into()).body(bytes.clone(), ContentType::parse(content_type)?)),
        None => MultiPart::related().singlepart(html),
    };
    let mut builder = lettre::Message::builder()
        .from(from)
        .to(mail.to.parse::<Mailbox>()?)
        .subject(&mail.subject)
        .message_id(Some(format!("<{id}@worktop>")));
    if let Some(reply_to) = &sender.reply_to {
        builder = builder.reply_to(reply_to.parse::<Mailbox>()?);
    }
    Ok(builder.multipart(MultiPart::alternative().singlepart(text).multipart(html))?)
}

/// The `Content-ID` of the inline logo.
const LOGO_CID: &str = "logo";

/// Sends one outbox entry and deletes it; whether it was sent. A transport error (of the
/// deployment's transport) leaves it in the outbox.
async fn deliver(state: &AppState, transport: &Transport, item: Item) -> anyhow::Result<bool> {
    let id = item.key.sk.clone();
    let mut sent = false;
    // An entry that is not a mail (written by another version) would stop every pass at it.
    match item.parse::<Mail>() {
        Ok(mail) => sent = send_drawn(state, transport, &mail, &id).await?,
        Err(e) => tracing::error!(mail.id = %id, error = %e, "an outbox entry that is not a mail is dropped"),
    }
    match state.store().write(Write::delete(item.key, Condition::Exists)).await {
        // Another sender sent it too: a duplicate, which the shared Message-ID names.
        Ok(()) | Err(StoreError::ConditionFailed { .. }) => Ok(sent),
        Err(e) => Err(e.into()),
    }
}

/// Sends `mail` as its workspace's settings say; whether it was sent (a mail whose addresses
/// cannot take a message is not, and is dropped with a warning).
async fn send_drawn(state: &AppState, transport: &Transport, mail: &Mail, id: &str) -> anyhow::Result<bool> {
    let sender = Sender::of(state, mail.tenant).await?;
    let mut sent = false;
    if let Some(smtp) = &sender.smtp {
        match Sender::own_from(smtp).and_then(|from| message(mail, &sender, from, id)) {
            Ok(message) => match tokio::time::timeout(OWN_SMTP_TIMEOUT, send_own(state, mail.tenant, smtp, message))
                .await
                .unwrap_or_else(|_| Err(anyhow::anyhow!("no answer within {} s", OWN_SMTP_TIMEOUT.as_secs())))
            {
                Ok(()) => sent = true,
                Err(e) => tracing::warn!(
                    tenant.id = mail.tenant.0, error = %e,
                    "the workspace's own SMTP server did not take a mail; it goes out through the deployment's"
                ),
            },
            Err(e) => {
                tracing::warn!(tenant.id = mail.tenant.0, error = %e, "the workspace's SMTP sender is not an address")
            }
        }
    }
    if !sent {
        match sender
            .deployment_from(&state.config().mail_from)
            .and_then(|from| message(mail, &sender, from, id))
        {
            Ok(message) => {
                transport.send(message, id).await?;
                sent = true;
            }
            Err(e) => {
                tracing::warn!(tenant.id = mail.tenant.0, error = %e, "a mail that cannot be sent is dropped");
            }
        }
    }
    Ok(sent)
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

/// A mail of a few paragraphs and one button, to be put in the outbox.
pub struct Letter<'a> {
    /// Whose mail it is (the workspace's name), at its top unless its branding names a brand.
    pub brand: &'a str,
    pub paragraphs: &'a [&'a str],
    pub action: (&'a str, &'a str),
    /// A last line in small print (why they got it).
    pub footer: &'a str,
}

impl Letter<'_> {
    /// The mail to `to` for `tenant`.
    pub fn to(&self, tenant: TenantId, to: &str, subject: &str) -> Mail {
        Mail {
            tenant,
            to: to.to_owned(),
            subject: subject.to_owned(),
            words: Words {
                brand: self.brand.to_owned(),
                paragraphs: self.paragraphs.iter().map(|p| (*p).to_owned()).collect(),
                action: (self.action.0.to_owned(), self.action.1.to_owned()),
                footer: self.footer.to_owned(),
            },
        }
    }
}

/// The button's colour where the branding names none.
const DEFAULT_BUTTON: &str = "#1F5FBF";

/// `words` drawn as `sender`'s branding says: the text and the HTML part.
fn draw(words: &Words, sender: &Sender) -> (String, String) {
    let brand = sender.brand.as_deref().unwrap_or(&words.brand);
    let (label, url) = (&words.action.0, &words.action.1);
    let text = format!(
        "{brand}\n\n{}\n\n{label}: {url}\n\n{}\n",
        words.paragraphs.join("\n\n"),
        words.footer
    );
    let paragraphs: String = words
        .paragraphs
        .iter()
        .map(|p| format!("<p>{}</p>", escape_html(p)))
        .collect();
    let button = sender.color.as_ref().map_or(DEFAULT_BUTTON, |c| c.as_str());
    let heading = match sender.logo {
        Some(_) => format!(
            "<img src=\"cid:{LOGO_CID}\" alt=\"{brand}\" style=\"max-height:48px;max-width:240px\">",
            brand = escape_html(brand)
        ),
        None => format!("<h1 style=\"font-size:1.2em\">{}</h1>", escape_html(brand)),
    };
    let html = format!(
        "<!doctype html><html><body style=\"font-family:sans-serif;color:#1a1a1a;max-width:36em\">\
         {heading}{paragraphs}\
         <p><a href=\"{url}\" style=\"display:inline-block;padding:.6em 1.2em;background:{button};color:{ink};text-decoration:none;border-radius:4px\">{label}</a></p>\
         <p style=\"font-size:.85em;color:#555\">Or open: {url}</p>\
         <p style=\"font-size:.85em;color:#555\">{footer}</p></body></html>",
        url = escape_html(url),
        label = escape_html(label),
        ink = ink_on(button),
        footer = escape_html(&words.footer),
    );
    (text, html)
}

/// Black or white, whichever reads better on `background` (`#RRGGBB`): WCAG's relative
/// luminance, split where the two contrasts are equal.
fn ink_on(background: &str) -> &'static str {
    let channel = |i: usize| {
        let c = f64::from(u8::from_str_radix(background.get(i..i + 2).unwrap_or("00"), 16).unwrap_or(0)) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    let luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
    if luminance > 0.179 {
        "#000000"
    } else {
        "#FFFFFF"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn formatted(mail: &Mail, sender: &Sender) -> String {
        let from = sender.deployment_from("Worktop <no-reply@example.com>").unwrap();
        String::from_utf8(message(mail, sender, from, "1-a").unwrap().formatted()).unwrap()
    }

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
        let (text, html) = draw(&mail.words, &Sender::default());
        assert!(text.starts_with("Acme <Dental>\n") && text.contains(url));
        assert!(html.contains("Acme &lt;Dental&gt;"));
        assert!(html.contains("Hello &quot;Ana&quot;."));
        assert!(html.contains("token=abc&amp;x=1"));
        assert!(html.contains("background:#1F5FBF;color:#FFFFFF"));
        let formatted = formatted(&mail, &Sender::default());
        assert!(formatted.contains(url), "8-bit text: the link is whole in the message");
        assert!(formatted.contains("Message-ID: <1-a@worktop>"));
        assert!(formatted.contains("From: Worktop <no-reply@example.com>"));
        assert!(!formatted.contains("Reply-To"));
    }

    #[test]
    fn a_branded_mail_carries_the_brand_its_colour_its_logo_inline_and_its_support_address() {
        let mail = Letter {
            brand: "acme-workspace",
            paragraphs: &["Welcome."],
            action: ("Open", "https://acme.example/x"),
            footer: "Sent by Acme.",
        }
        .to(TenantId(2), "ana@example.com", "Welcome");
        let sender = Sender {
            brand: Some("Acme Cloud".into()),
            color: crate::domain::Color::parse("#FFD700"),
            reply_to: Some("help@acme.example".into()),
            logo: Some((b"\x89PNG fake".to_vec(), "image/png".into())),
            smtp: None,
        };
        let (text, html) = draw(&mail.words, &sender);
        assert!(text.starts_with("Acme Cloud\n"), "the brand, not the workspace's name");
        assert!(!text.contains("acme-workspace"));
        assert!(html.contains("<img src=\"cid:logo\" alt=\"Acme Cloud\""));
        // Gold is light: black text on it (white would be 1.4:1).
        assert!(html.contains("background:#FFD700;color:#000000"), "{html}");
        let formatted = formatted(&mail, &sender);
        assert!(
            formatted.contains("From: \"Acme Cloud\" <no-reply@example.com>")
                || formatted.contains("From: Acme Cloud <no-reply@example.com>"),
            "{formatted}"
        );
        assert!(formatted.contains("Reply-To: help@acme.example"));
        assert!(formatted.contains("multipart/related"));
        assert!(formatted.contains("Content-ID: <logo>"));
        assert!(formatted.contains("Content-Disposition: inline"));
    }

    #[test]
    fn the_ink_reads_on_its_background() {
        assert_eq!(ink_on("#000000"), "#FFFFFF");
        assert_eq!(ink_on("#1F5FBF"), "#FFFFFF");
        assert_eq!(ink_on("#FFFFFF"), "#000000");
        assert_eq!(ink_on("#FFD700"), "#000000");
    }
}
