//! The payment provider behind white-label billing, and its Stripe implementation: form-encoded
//! HTTP calls to a configurable base URL (`https://api.stripe.com`, or `localstripe` in tests)
//! with the secret key as a bearer token. Only the calls billing makes are here.

use async_trait::async_trait;
use serde::Deserialize;

/// A subscription as the provider reports it.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct ProviderSubscription {
    pub id: String,
    pub customer: String,
    /// `incomplete`, `trialing`, `active`, `past_due`, `canceled`, `unpaid`, ...
    pub status: String,
    /// Unix seconds.
    #[serde(default)]
    pub current_period_end: Option<i64>,
    #[serde(default)]
    pub canceled_at: Option<i64>,
    /// Cancelled by the customer, ending at `current_period_end`.
    #[serde(default)]
    pub cancel_at_period_end: bool,
}

/// A hosted checkout page for a subscription (Stripe Checkout), as the provider reports it.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct ProviderCheckout {
    pub id: String,
    /// The page to send the customer to (`null` once it is complete).
    #[serde(default)]
    pub url: Option<String>,
    /// `open`, `complete` or `expired`.
    #[serde(default)]
    pub status: Option<String>,
    #[serde(default)]
    pub customer: Option<String>,
    /// The subscription it started, once complete.
    #[serde(default)]
    pub subscription: Option<String>,
}

/// What a checkout asks for: one recurring price, for one workspace, and where the customer goes
/// back to.
#[derive(Clone, Debug)]
pub struct CheckoutRequest<'a> {
    pub price: &'a str,
    /// The customer of an earlier subscription, or `None` for a new one made from `email`.
    pub customer: Option<&'a str>,
    pub email: &'a str,
    /// Ours: the workspace, on the session and its subscription.
    pub reference: &'a str,
    pub success_url: &'a str,
    pub cancel_url: &'a str,
}

/// An invoice of a customer's.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct ProviderInvoice {
    pub id: String,
    #[serde(default)]
    pub number: Option<String>,
    #[serde(default)]
    pub status: Option<String>,
    #[serde(default)]
    pub amount_due: i64,
    #[serde(default)]
    pub amount_paid: i64,
    pub currency: String,
    /// Unix seconds.
    pub created: i64,
    #[serde(default)]
    pub hosted_invoice_url: Option<String>,
}

#[derive(Deserialize)]
struct ListOf<T> {
    data: Vec<T>,
}

/// A connected account's onboarding state.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct ProviderAccount {
    pub id: String,
    #[serde(default)]
    pub details_submitted: bool,
    #[serde(default)]
    pub charges_enabled: bool,
    #[serde(default)]
    pub payouts_enabled: bool,
}

/// A recurring price: an amount in minor units every `interval` (`month` or `year`).
#[derive(Clone, Debug)]
pub struct RecurringPrice<'a> {
    pub product_name: &'a str,
    pub amount_minor: i64,
    pub currency: &'a str,
    pub interval: &'a str,
}

/// What went wrong talking to the provider.
#[derive(Debug, thiserror::Error)]
pub enum ProviderError {
    /// The provider refused the request (4xx): its message, to show the caller.
    #[error("{0}")]
    Refused(String),
    /// The provider could not be reached or failed (5xx): retry later.
    #[error("payment provider unavailable: {0}")]
    Unavailable(String),
}

/// The calls white-label billing makes of a payment provider.
#[async_trait]
pub trait PaymentProvider: Send + Sync {
    /// A customer, paying by `payment_method` (collected by the platform's page) when given.
    /// Each create takes an idempotency key: the same key gives the first answer back, so a
    /// retried checkout opens no second customer, price or subscription.
    async fn create_customer(
        &self,
        email: &str,
        name: &str,
        reference: &str,
        payment_method: Option<&str>,
        idempotency_key: &str,
    ) -> Result<String, ProviderError>;
    /// A recurring price billed through the provider (a Stripe plan with its product).
    async fn create_price(&self, price: &RecurringPrice<'_>, idempotency_key: &str) -> Result<String, ProviderError>;
    async fn create_subscription(
        &self,
        customer: &str,
        price: &str,
        trial_days: Option<u32>,
        reference: &str,
        idempotency_key: &str,
    ) -> Result<ProviderSubscription, ProviderError>;
    async fn cancel_subscription(&self, id: &str) -> Result<ProviderSubscription, ProviderError>;
    /// Cancels at the end of the paid period (`true`), or takes that back (`false`).
    async fn cancel_at_period_end(&self, id: &str, cancel: bool) -> Result<ProviderSubscription, ProviderError>;
    /// A hosted checkout page subscribing to one price; the same `idempotency_key` gives the
    /// same page back.
    async fn create_checkout(
        &self,
        request: &CheckoutRequest<'_>,
        idempotency_key: &str,
    ) -> Result<ProviderCheckout, ProviderError>;
    async fn checkout(&self, id: &str) -> Result<ProviderCheckout, ProviderError>;
    /// A customer's invoices, newest first (at most 100).
    async fn invoices(&self, customer: &str) -> Result<Vec<ProviderInvoice>, ProviderError>;
    /// The subscription as it stands now.
    async fn subscription(&self, id: &str) -> Result<ProviderSubscription, ProviderError>;
    /// A connected account; the same `idempotency_key` gives the same account back, so a
    /// retry after a crash opens no second one.
    async fn create_account(&self, email: &str, idempotency_key: &str) -> Result<ProviderAccount, ProviderError>;
    async fn onboarding_link(
        &self,
        account: &str,
        refresh_url: &str,
        return_url: &str,
    ) -> Result<String, ProviderError>;
    async fn account(&self, account: &str) -> Result<ProviderAccount, ProviderError>;
}

/// Stripe over HTTP.
pub struct Stripe {
    base: String,
    secret_key: String,
    http: reqwest::Client,
}

#[derive(Deserialize)]
struct Created {
    id: String,
}

#[derive(Deserialize)]
struct Link {
    url: String,
}

#[derive(Deserialize)]
struct StripeErrorBody {
    error: StripeErrorDetail,
}

#[derive(Deserialize)]
struct StripeErrorDetail {
    #[serde(default)]
    message: Option<String>,
}

impl Stripe {
    pub fn new(base: &str, secret_key: &str) -> Self {
        Self {
            base: base.trim_end_matches('/').to_owned(),
            secret_key: secret_key.to_owned(),
            http: reqwest::Client::builder()
                .timeout(std::time::Duration::from_secs(20))
                .build()
                .expect("a reqwest client builds"),
        }
    }

    async fn call<T: serde::de::DeserializeOwned>(
        &self,
        method: reqwest::Method,
        path: &str,
        form: &[(&str, String)],
    ) -> Result<T, ProviderError> {
        self.call_once(method, path, form, None).await
    }

    /// [`Self::call`] with Stripe's `Idempotency-Key`: a retry with the same key gets the first
    /// answer back instead of a second object.
    async fn call_once<T: serde::de::DeserializeOwned>(
        &self,
        method: reqwest::Method,
        path: &str,
        form: &[(&str, String)],
        idempotency_key: Option<&str>,
    ) -> Result<T, ProviderError> {
        let mut request = self
            .http
            .request(method, format!("{}{path}", self.base))
            .bearer_auth(&self.secret_key);
        if let Some(key) = idempotency_key {
            request = request.header("Idempotency-Key", key);
        }
        if !form.is_empty() {
            request = request.form(form);
        }
        let response = request
            .send()
            .await
            .map_err(|e| ProviderError::Unavailable(e.without_url().to_string()))?;
        let status = response.status();
        let body = response
            .bytes()
            .await
            .map_err(|e| ProviderError::Unavailable(e.without_url().to_string()))?;
        if status.is_server_error() {
            return Err(ProviderError::Unavailable(format!("HTTP {status}")));
        }
        if !status.is_success() {
            let message = serde_json::from_slice::<StripeErrorBody>(&body)
                .ok()
                .and_then(|b| b.error.message)
                .unwrap_or_else(|| format!("HTTP {status}"));
            return Err(ProviderError::Refused(message));
        }
        serde_json::from_slice(&body)
            .map_err(|e| ProviderError::Unavailable(format!("an answer it could not read: {e}")))
    }
}

#[async_trait]
impl PaymentProvider for Stripe {
    async fn create_customer(
        &self,
        email: &str,
        name: &str,
        reference: &str,
        payment_method: Option<&str>,
        idempotency_key: &str,
    ) -> Result<String, ProviderError> {
        let mut form = vec![
            ("email", email.to_owned()),
            ("description", name.to_owned()),
            ("metadata[worktop_tenant]", reference.to_owned()),
        ];
        if let Some(method) = payment_method {
            form.push(("payment_method", method.to_owned()));
            form.push(("invoice_settings[default_payment_method]", method.to_owned()));
        }
        Ok(self
            .call_once::<Created>(reqwest::Method::POST, "/v1/customers", &form, Some(idempotency_key))
            .await?
            .id)
    }

    async fn create_price(&self, price: &RecurringPrice<'_>, idempotency_key: &str) -> Result<String, ProviderError> {
        let form = [
            ("amount", price.amount_minor.to_string()),
            ("currency", price.currency.to_lowercase()),
            ("interval", price.interval.to_owned()),
            ("product[name]", price.product_name.to_owned()),
        ];
        Ok(self
            .call_once::<Created>(reqwest::Method::POST, "/v1/plans", &form, Some(idempotency_key))
            .await?
            .id)
    }

    async fn create_subscription(
        &self,
        customer: &str,
        price: &str,
        trial_days: Option<u32>,
        reference: &str,
        idempotency_key: &str,
    ) -> Result<ProviderSubscription, ProviderError> {
        let mut form = vec![
            ("customer", customer.to_owned()),
            ("items[0][plan]", price.to_owned()),
            ("metadata[worktop_subscription]", reference.to_owned()),
        ];
        if let Some(days) = trial_days {
            form.push(("trial_period_days", days.to_string()));
        }
        self.call_once(reqwest::Method::POST, "/v1/subscriptions", &form, Some(idempotency_key))
            .await
    }

    async fn cancel_subscription(&self, id: &str) -> Result<ProviderSubscription, ProviderError> {
        self.call(reqwest::Method::DELETE, &format!("/v1/subscriptions/{id}"), &[])
            .await
    }

    async fn subscription(&self, id: &str) -> Result<ProviderSubscription, ProviderError> {
        self.call(reqwest::Method::GET, &format!("/v1/subscriptions/{id}"), &[])
            .await
    }

    async fn cancel_at_period_end(&self, id: &str, cancel: bool) -> Result<ProviderSubscription, ProviderError> {
        let form = [("cancel_at_period_end", cancel.to_string())];
        self.call(reqwest::Method::POST, &format!("/v1/subscriptions/{id}"), &form)
            .await
    }

    async fn create_checkout(
        &self,
        request: &CheckoutRequest<'_>,
        idempotency_key: &str,
    ) -> Result<ProviderCheckout, ProviderError> {
        let mut form = vec![
            ("mode", "subscription".to_owned()),
            ("line_items[0][price]", request.price.to_owned()),
            ("line_items[0][quantity]", "1".to_owned()),
            ("client_reference_id", request.reference.to_owned()),
            ("metadata[worktop_workspace]", request.reference.to_owned()),
            (
                "subscription_data[metadata][worktop_workspace]",
                request.reference.to_owned(),
            ),
            ("success_url", request.success_url.to_owned()),
            ("cancel_url", request.cancel_url.to_owned()),
        ];
        match request.customer {
            Some(customer) => form.push(("customer", customer.to_owned())),
            None => form.push(("customer_email", request.email.to_owned())),
        }
        self.call_once(
            reqwest::Method::POST,
            "/v1/checkout/sessions",
            &form,
            Some(idempotency_key),
        )
        .await
    }

    async fn checkout(&self, id: &str) -> Result<ProviderCheckout, ProviderError> {
        self.call(reqwest::Method::GET, &format!("/v1/checkout/sessions/{id}"), &[])
            .await
    }

    async fn invoices(&self, customer: &str) -> Result<Vec<ProviderInvoice>, ProviderError> {
        let customer: String = url::form_urlencoded::byte_serialize(customer.as_bytes()).collect();
        let path = format!("/v1/invoices?customer={customer}&limit=100");
        let mut invoices = self
            .call::<ListOf<ProviderInvoice>>(reqwest::Method::GET, &path, &[])
            .await?
            .data;
        invoices.sort_by_key(|i| std::cmp::Reverse(i.created));
        Ok(invoices)
    }

    async fn create_account(&self, email: &str, idempotency_key: &str) -> Result<ProviderAccount, ProviderError> {
        let form = [("type", "express".to_owned()), ("email", email.to_owned())];
        self.call_once(reqwest::Method::POST, "/v1/accounts", &form, Some(idempotency_key))
            .await
    }

    async fn onboarding_link(
        &self,
        account: &str,
        refresh_url: &str,
        return_url: &str,
    ) -> Result<String, ProviderError> {
        let form = [
            ("account", account.to_owned()),
            ("refresh_url", refresh_url.to_owned()),
            ("return_url", return_url.to_owned()),
            ("type", "account_onboarding".to_owned()),
        ];
        Ok(self
            .call::<Link>(reqwest::Method::POST, "/v1/account_links", &form)
            .await?
            .url)
    }

    async fn account(&self, account: &str) -> Result<ProviderAccount, ProviderError> {
        self.call(reqwest::Method::GET, &format!("/v1/accounts/{account}"), &[])
            .await
    }
}
