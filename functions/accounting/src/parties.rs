//! Customers and vendors: who the workspace sells to and buys from. Both carry the same fields
//! ([`Party`]); documents that name one (payments, invoices, returns) declare the reference, so a
//! customer or vendor still named is 409 `in_use` on delete.

use std::marker::PhantomData;

use schemars::JsonSchema;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};
use shared::auth::Module;
use shared::domain::{Email, IdIn, Text};
use shared::events::EventType;
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, FieldErrors, ListResponse, Listing};
use shared::resource::index::{self, IndexValue};
use shared::resource::{Assign, Cx, Events, Filter, Lists, Meta, Resource, Sort, Unique};

pub const CUSTOMER_CREATED: EventType =
    EventType::new("customer.created", "A customer was added.").with_record::<Customer>();
pub const CUSTOMER_UPDATED: EventType =
    EventType::new("customer.updated", "A customer was changed.").with_record::<Customer>();
pub const CUSTOMER_DELETED: EventType =
    EventType::new("customer.deleted", "A customer was deleted.").with_record::<Customer>();
pub const VENDOR_CREATED: EventType = EventType::new("vendor.created", "A vendor was added.").with_record::<Vendor>();
pub const VENDOR_UPDATED: EventType = EventType::new("vendor.updated", "A vendor was changed.").with_record::<Vendor>();
pub const VENDOR_DELETED: EventType = EventType::new("vendor.deleted", "A vendor was deleted.").with_record::<Vendor>();

shared::choice! {
    /// When a customer's or vendor's invoices fall due.
    pub enum PaymentTerms {
        DueOnReceipt = "due_on_receipt",
        Net15 = "net_15",
        Net30 = "net_30",
        Net45 = "net_45",
        Net60 = "net_60",
    }
}

/// A postal address; every part optional.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Address {
    pub line1: Option<String>,
    pub line2: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub zip_code: Option<String>,
    pub country: Option<String>,
}

/// An address as a body gives it (a field it does not know is refused, naming the address).
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AddressIn {
    pub line1: Option<Text<200>>,
    pub line2: Option<Text<200>>,
    pub city: Option<Text<80>>,
    pub state: Option<Text<80>>,
    pub zip_code: Option<Text<20>>,
    pub country: Option<Text<80>>,
}

/// An address field of a body: a wrong shape is an error on the field itself.
pub fn address_in<'de, D: Deserializer<'de>>(d: D) -> Result<Option<AddressIn>, D::Error> {
    let value = Option::<serde_json::Value>::deserialize(d)?;
    value
        .map(|v| serde_json::from_value(v).map_err(|e| D::Error::custom(format!("Not an address: {e}."))))
        .transpose()
}

/// [`address_in`] for an update: absent, `null` (cleared) or an address.
pub fn address_patch<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<AddressIn>>, D::Error> {
    address_in(d).map(Some)
}

pub fn address(errors: &mut FieldErrors, field: &str, input: AddressIn) -> Address {
    let name = |part: &str| format!("{field}.{part}");
    Address {
        line1: errors.text(&name("line1"), input.line1),
        line2: errors.text(&name("line2"), input.line2),
        city: errors.text(&name("city"), input.city),
        state: errors.text(&name("state"), input.state),
        zip_code: errors.text(&name("zip_code"), input.zip_code),
        country: errors.text(&name("country"), input.country),
    }
}

/// The fields customers and vendors share.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct Party {
    pub name: String,
    pub company_name: Option<String>,
    pub contact_person_name: Option<String>,
    pub email: Option<Email>,
    pub phone: Option<String>,
    pub mobile: Option<String>,
    pub tax_number: Option<String>,
    pub payment_terms: PaymentTerms,
    pub billing_address: Option<Address>,
    pub shipping_address: Option<Address>,
    pub tags: Vec<String>,
    /// Inactive ones leave the pickers.
    pub is_active: bool,
}

/// A customer's or vendor's tags, as their bodies take them: at most 20 of 1 to 40 characters.
pub type PartyTags = shared::domain::TextList<20, 40>;

/// Body of `POST /api/customers/create` and `POST /api/vendors/create`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({
    "name": "Acme Ltd", "email": "billing@acme.example", "tax_number": "FR123456789",
    "payment_terms": "net_30", "billing_address": {"line1": "1 Main St", "city": "Lyon", "country": "FR"},
    "tags": ["wholesale"]
}))]
pub struct PartyIn {
    #[schemars(required)]
    pub name: Option<Text<120>>,
    pub company_name: Option<Text<120>>,
    pub contact_person_name: Option<Text<120>>,
    #[schemars(transform = shared::http::schema::email)]
    pub email: Option<String>,
    pub phone: Option<Text<30>>,
    pub mobile: Option<Text<30>>,
    pub tax_number: Option<Text<50>>,
    /// `due_on_receipt`, `net_15`, `net_30` (the default), `net_45`, `net_60`.
    #[schemars(transform = shared::http::schema::one_of_or_null::<PaymentTerms>)]
    pub payment_terms: Option<String>,
    #[serde(default, deserialize_with = "address_in")]
    pub billing_address: Option<AddressIn>,
    #[serde(default, deserialize_with = "address_in")]
    pub shipping_address: Option<AddressIn>,
    /// At most 20 tags of 1 to 40 characters.
    pub tags: Option<PartyTags>,
    /// Defaults to `true`.
    pub is_active: Option<bool>,
}

/// Body of the update routes: absent fields stay, `null` clears an optional one.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct PartyPatch {
    pub name: Option<Text<120>>,
    #[serde(default, with = "shared::resource::Clearable::<Text<120>>")]
    pub company_name: Option<Option<Text<120>>>,
    #[serde(default, with = "shared::resource::Clearable::<Text<120>>")]
    pub contact_person_name: Option<Option<Text<120>>>,
    #[serde(default, with = "shared::resource::Clearable::<String>")]
    #[schemars(transform = shared::http::schema::email)]
    pub email: Option<Option<String>>,
    #[serde(default, with = "shared::resource::Clearable::<Text<30>>")]
    pub phone: Option<Option<Text<30>>>,
    #[serde(default, with = "shared::resource::Clearable::<Text<30>>")]
    pub mobile: Option<Option<Text<30>>>,
    #[serde(default, with = "shared::resource::Clearable::<Text<50>>")]
    pub tax_number: Option<Option<Text<50>>>,
    #[schemars(transform = shared::http::schema::one_of_or_null::<PaymentTerms>)]
    pub payment_terms: Option<String>,
    #[serde(default, deserialize_with = "address_patch")]
    #[schemars(with = "shared::resource::Clearable<AddressIn>")]
    pub billing_address: Option<Option<AddressIn>>,
    #[serde(default, deserialize_with = "address_patch")]
    #[schemars(with = "shared::resource::Clearable<AddressIn>")]
    pub shipping_address: Option<Option<AddressIn>>,
    pub tags: Option<PartyTags>,
    pub is_active: Option<bool>,
}

/// `?tag=` and `?is_active=` on the customer and vendor lists.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct PartyFilters {
    pub tag: Option<String>,
    pub is_active: Option<bool>,
}

impl Party {
    fn build(input: PartyIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.required_text("name", input.name);
        let company_name = errors.text("company_name", input.company_name);
        let contact_person_name = errors.text("contact_person_name", input.contact_person_name);
        let email = errors.email("email", input.email);
        let phone = errors.text("phone", input.phone);
        let mobile = errors.text("mobile", input.mobile);
        let tax_number = errors.text("tax_number", input.tax_number);
        let payment_terms = errors.choice("payment_terms", input.payment_terms);
        let billing_address = input
            .billing_address
            .map(|a| address(&mut errors, "billing_address", a));
        let shipping_address = input
            .shipping_address
            .map(|a| address(&mut errors, "shipping_address", a));
        let tags = errors.text_list("tags", input.tags);
        let name = errors.finish(name)?;
        Ok(Self {
            name,
            company_name,
            contact_person_name,
            email,
            phone,
            mobile,
            tax_number,
            payment_terms: payment_terms.unwrap_or(PaymentTerms::Net30),
            billing_address,
            shipping_address,
            tags: tags.unwrap_or_default(),
            is_active: input.is_active.unwrap_or(true),
        })
    }

    fn apply(&mut self, patch: PartyPatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.text("name", patch.name);
        let company_name = errors.clearable_text("company_name", patch.company_name);
        let contact_person_name = errors.clearable_text("contact_person_name", patch.contact_person_name);
        let email = match patch.email {
            None => None,
            Some(None) => Some(None),
            Some(Some(email)) => errors.email("email", Some(email)).map(Some),
        };
        let phone = errors.clearable_text("phone", patch.phone);
        let mobile = errors.clearable_text("mobile", patch.mobile);
        let tax_number = errors.clearable_text("tax_number", patch.tax_number);
        let payment_terms = errors.choice("payment_terms", patch.payment_terms);
        let billing_address = patch
            .billing_address
            .map(|a| a.map(|a| address(&mut errors, "billing_address", a)));
        let shipping_address = patch
            .shipping_address
            .map(|a| a.map(|a| address(&mut errors, "shipping_address", a)));
        let tags = errors.text_list("tags", patch.tags);
        errors.into_result(())?;
        self.name.assign(name);
        self.company_name.assign(company_name);
        self.contact_person_name.assign(contact_person_name);
        self.email.assign(email);
        self.phone.assign(phone);
        self.mobile.assign(mobile);
        self.tax_number.assign(tax_number);
        self.payment_terms.assign(payment_terms);
        self.billing_address.assign(billing_address);
        self.shipping_address.assign(shipping_address);
        self.tags.assign(tags);
        self.is_active.assign(patch.is_active);
        Ok(())
    }

    fn search_text(&self) -> String {
        let parts = [
            Some(self.name.as_str()),
            self.company_name.as_deref(),
            self.contact_person_name.as_deref(),
            self.email.as_deref(),
            self.tax_number.as_deref(),
        ];
        parts.into_iter().flatten().collect::<Vec<_>>().join(" ")
    }
}

/// What tells a customer from a vendor: the kind's names and events. Its schema's name and
/// description are the record's ([`shared::resource::kind_schema`]).
pub trait PartyKind: JsonSchema + Clone + std::fmt::Debug + Send + Sync + 'static {
    const KIND: &'static str;
    const NAME: &'static str;
    const EVENTS: Events;
    fn example() -> serde_json::Value;
    fn example_update() -> serde_json::Value;
}

/// A customer or a vendor: a [`Party`] of kind `K`.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
#[serde(bound = "")]
#[schemars(rename = "{K}", transform = shared::resource::kind_schema::<K>)]
pub struct PartyRecord<K: PartyKind> {
    #[serde(flatten)]
    pub meta: Meta,
    #[serde(flatten)]
    pub party: Party,
    #[serde(skip)]
    kind: PhantomData<K>,
}

impl<K: PartyKind> Resource for PartyRecord<K> {
    fn example() -> Option<serde_json::Value> {
        Some(K::example())
    }

    fn example_update() -> Option<serde_json::Value> {
        Some(K::example_update())
    }

    const KIND: &'static str = K::KIND;
    const NAME: &'static str = K::NAME;
    const MODULE: Module = Module::Accounting;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[Sort::new("name", |c| IndexValue::text(&c.party.name))],
        filters: &[
            Filter::<Self>::many("tag", |c| c.party.tags.iter().map(|t| IndexValue::text(t)).collect()),
            Filter::<Self>::one("is_active", |c| IndexValue::flag(c.party.is_active)).sorted_by(&["name"]),
        ],
        sums: &[],
    };
    /// One party per address: what a "find or create" step finds it by.
    const UNIQUE: &'static [Unique<Self>] = &[Unique::new("email", |c| c.party.email.as_deref().map(str::to_owned))];
    const UPSERT_BY: Option<&'static str> = Some("email");
    const EVENTS: Events = K::EVENTS;
    type In = PartyIn;
    type Patch = PartyPatch;
    type Out = Self;
    type Filters = PartyFilters;
    shared::meta_field!();

    async fn build(_cx: Cx<'_>, input: PartyIn) -> Result<Self, ApiError> {
        Ok(Self {
            meta: Meta::default(),
            party: Party::build(input)?,
            kind: PhantomData,
        })
    }

    async fn apply(&mut self, _cx: Cx<'_>, patch: PartyPatch) -> Result<(), ApiError> {
        self.party.apply(patch)
    }

    fn search_text(&self) -> String {
        self.party.search_text()
    }
}

/// Someone the workspace sells to.
#[derive(Clone, Debug, JsonSchema)]
#[schemars(rename = "Customer")]
pub struct CustomerKind;

pub type Customer = PartyRecord<CustomerKind>;

impl PartyKind for CustomerKind {
    const KIND: &'static str = "acc_customer";
    const NAME: &'static str = "Customer";
    const EVENTS: Events = Events::all(CUSTOMER_CREATED, CUSTOMER_UPDATED, CUSTOMER_DELETED);

    fn example() -> serde_json::Value {
        serde_json::json!({
            "name": "Northwind Traders", "company_name": "Northwind Traders Ltd",
            "contact_person_name": "Dana Whitfield", "email": shared::resource::example::unique_email("accounts", "northwind.example"),
            "phone": "+33 4 72 10 20 30", "tax_number": "FR40123456789", "payment_terms": "net_30",
            "billing_address": {"line1": "12 Rue de la République", "city": "Lyon", "zip_code": "69002", "country": "FR"},
            "tags": ["wholesale"]
        })
    }

    fn example_update() -> serde_json::Value {
        serde_json::json!({"contact_person_name": "Marc Olivier", "payment_terms": "net_45"})
    }
}

/// Someone the workspace buys from.
#[derive(Clone, Debug, JsonSchema)]
#[schemars(rename = "Vendor")]
pub struct VendorKind;

pub type Vendor = PartyRecord<VendorKind>;

impl PartyKind for VendorKind {
    const KIND: &'static str = "acc_vendor";
    const NAME: &'static str = "Vendor";
    const EVENTS: Events = Events::all(VENDOR_CREATED, VENDOR_UPDATED, VENDOR_DELETED);

    fn example() -> serde_json::Value {
        serde_json::json!({
            "name": "Bright Office Supplies", "company_name": "Bright Office Supplies GmbH",
            "contact_person_name": "Lena Vogel", "email": shared::resource::example::unique_email("invoices", "brightoffice.example"),
            "phone": "+49 30 1234 5678", "tax_number": "DE811234567", "payment_terms": "net_15",
            "billing_address": {"line1": "Friedrichstraße 88", "city": "Berlin", "zip_code": "10117", "country": "DE"},
            "tags": ["office", "supplies"]
        })
    }

    fn example_update() -> serde_json::Value {
        serde_json::json!({"contact_person_name": "Jonas Weber", "payment_terms": "net_30"})
    }
}

/// The party a document's create body names, in its own field (`vendor_id`, `customer_id`): the
/// part of the body each side has of its own, flattened into the body both sides share.
pub trait PartyField: serde::de::DeserializeOwned + JsonSchema + std::fmt::Debug + Send + 'static {
    fn id(self) -> Option<IdIn>;
}

/// A vendor as a create body names it.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct VendorIn {
    #[schemars(required, transform = shared::http::schema::id)]
    pub vendor_id: Option<IdIn>,
}

impl PartyField for VendorIn {
    fn id(self) -> Option<IdIn> {
        self.vendor_id
    }
}

/// A customer as a create body names it.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct CustomerIn {
    #[schemars(required, transform = shared::http::schema::id)]
    pub customer_id: Option<IdIn>,
}

impl PartyField for CustomerIn {
    fn id(self) -> Option<IdIn> {
        self.customer_id
    }
}

/// A customer or vendor as a picker lists it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PartyOption {
    pub id: u64,
    pub name: String,
    pub company_name: Option<String>,
    pub email: Option<Email>,
    pub payment_terms: PaymentTerms,
}

fn option(meta: &Meta, party: &Party) -> PartyOption {
    PartyOption {
        id: meta.id,
        name: party.name.clone(),
        company_name: party.company_name.clone(),
        email: party.email.clone(),
        payment_terms: party.payment_terms,
    }
}

/// `?search=` on a picker list: active records only, by name.
fn active_by_name(listing: Listing<shared::resource::NoFilters>) -> Listing<PartyFilters> {
    let mut params = listing.params;
    if params.sort.is_none() && params.search.is_none() {
        params.sort = Some("name".into());
    }
    Listing {
        params,
        filters: PartyFilters {
            tag: None,
            is_active: Some(true),
        },
    }
}

/// `GET /api/get-clients`: the active customers for a picker, by name.
pub async fn client_options(
    Caller { state, principal }: Caller,
    listing: Listing<shared::resource::NoFilters>,
) -> Result<Json<ListResponse<PartyOption>>, ApiError> {
    let page = index::list::<Customer, _>(Cx::new(&state, &principal), &active_by_name(listing), None).await?;
    Ok(Json(page.records()?.map(|c| option(&c.meta, &c.party))))
}

/// `GET /api/get-vendors`: the active vendors for a picker, by name.
pub async fn vendor_options(
    Caller { state, principal }: Caller,
    listing: Listing<shared::resource::NoFilters>,
) -> Result<Json<ListResponse<PartyOption>>, ApiError> {
    let page = index::list::<Vendor, _>(Cx::new(&state, &principal), &active_by_name(listing), None).await?;
    Ok(Json(page.records()?.map(|v| option(&v.meta, &v.party))))
}
