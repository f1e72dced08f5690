//! The sandbox's inventory: categories, units, taxes, two warehouses, a dozen products and
//! services with their opening stock (an adjustment per warehouse), a transfer and two POS sales,
//! written through the same ledger as requests.

use async_trait::async_trait;
use shared::domain::Color;
use shared::http::ApiError;
use shared::money::{Money, Percent};
use shared::resource::{Cx, Meta};
use shared::sandbox::{with_id, Batch, Seeder};
use shared::store::TenantId;
use shared::AppState;

use crate::adjustments::{self, StockAdjustmentIn};
use crate::catalog::{Category, Tax, Unit};
use crate::pos::{self, PosIn, PosLineIn};
use crate::products::{Product, ProductType};
use crate::stock::AdjustmentLineIn;
use crate::transfers::{self, TransferIn};
use crate::warehouses::Warehouse;

/// Who seeds act as: the workspace's owner.
const OWNER: u64 = 1;

const CATEGORIES: [(&str, &str); 3] = [
    ("Office", "#6366F1"),
    ("Electronics", "#10B981"),
    ("Services", "#F59E0B"),
];
const UNITS: [&str; 3] = ["Piece", "Box", "Hour"];
/// Name, sku, category, unit, sale and purchase price, initial stock (main, annex); `None`: a service.
type Item = (
    &'static str,
    &'static str,
    usize,
    usize,
    &'static str,
    &'static str,
    Option<(i64, i64)>,
);
const PRODUCTS: [Item; 12] = [
    ("Desk lamp", "LAMP-01", 0, 0, "39.90", "18.00", Some((40, 10))),
    ("Office chair", "CHAIR-01", 0, 0, "189.00", "95.00", Some((12, 4))),
    ("Notebook A5", "NOTE-A5", 0, 1, "24.00", "9.50", Some((60, 20))),
    ("Stapler", "STAP-01", 0, 0, "12.50", "4.20", Some((30, 0))),
    ("USB-C cable", "USBC-1M", 1, 0, "9.90", "2.10", Some((150, 50))),
    ("Wireless mouse", "MOUSE-W", 1, 0, "29.00", "11.00", Some((25, 5))),
    ("27\" monitor", "MON-27", 1, 0, "279.00", "190.00", Some((8, 2))),
    ("Keyboard", "KEY-01", 1, 0, "49.00", "21.00", Some((18, 6))),
    ("Headset", "HEAD-01", 1, 0, "79.00", "35.00", Some((10, 0))),
    ("Installation", "SRV-INST", 2, 2, "60.00", "0.00", None),
    ("Support hour", "SRV-SUPP", 2, 2, "85.00", "0.00", None),
    ("Training day", "SRV-TRAIN", 2, 2, "650.00", "0.00", None),
];

pub struct InventorySeeder;

#[async_trait]
impl Seeder for InventorySeeder {
    fn name(&self) -> &'static str {
        "inventory"
    }

    async fn seed(&self, state: &AppState, tenant: TenantId) -> anyhow::Result<()> {
        seed_sandbox(Cx::system(state, tenant, OWNER))
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))
    }
}

fn money(raw: &str) -> Money {
    Money::parse(raw).unwrap_or(Money::ZERO)
}

async fn seed_sandbox(cx: Cx<'_>) -> Result<(), ApiError> {
    let mut batch = Batch::new(cx);
    let category_ids = batch.ids::<Category>(CATEGORIES.len()).await?;
    for ((name, color), id) in CATEGORIES.iter().zip(&category_ids) {
        let category = Category {
            meta: Meta::default(),
            name: name.to_string(),
            color: Color::known(color),
        };
        batch.add(with_id(category, *id))?;
    }
    let unit_ids = batch.ids::<Unit>(UNITS.len()).await?;
    for (name, id) in UNITS.iter().zip(&unit_ids) {
        batch.add(with_id(
            Unit {
                meta: Meta::default(),
                name: name.to_string(),
            },
            *id,
        ))?;
    }
    let tax_ids = batch.ids::<Tax>(2).await?;
    for ((name, rate), id) in [("VAT", "20"), ("Reduced VAT", "5.5")].iter().zip(&tax_ids) {
        let rate = Percent::parse(rate).unwrap_or(Percent::ZERO);
        batch.add(with_id(
            Tax {
                meta: Meta::default(),
                name: name.to_string(),
                rate,
            },
            *id,
        ))?;
    }
    let warehouse_ids = batch.ids::<Warehouse>(2).await?;
    for ((name, city), id) in [("Main store", "Lyon"), ("Annex", "Villeurbanne")]
        .iter()
        .zip(&warehouse_ids)
    {
        let warehouse = Warehouse {
            meta: Meta::default(),
            name: name.to_string(),
            address: None,
            city: Some(city.to_string()),
            zip_code: None,
            phone: None,
            email: None,
            is_active: true,
        };
        batch.add(with_id(warehouse, *id))?;
    }
    let product_ids = batch.ids::<Product>(PRODUCTS.len()).await?;
    for ((name, sku, category, unit, sale, purchase, stocked), id) in PRODUCTS.iter().zip(&product_ids) {
        let product = Product {
            meta: Meta::default(),
            name: name.to_string(),
            sku: sku.to_string(),
            kind: if stocked.is_some() {
                ProductType::Product
            } else {
                ProductType::Service
            },
            category_id: Some(category_ids[*category]),
            unit_id: Some(unit_ids[*unit]),
            sale_price: money(sale),
            purchase_price: money(purchase),
            tax_ids: vec![tax_ids[0]],
            description: None,
            is_active: true,
            reorder_level: stocked.map(|_| 5),
            custom_fields: Default::default(),
        };
        batch.add(with_id(product, *id))?;
    }
    batch.commit().await?;

    // Opening stock: a stock adjustment per warehouse, of the products it holds.
    for (warehouse, warehouse_id) in warehouse_ids.iter().enumerate() {
        let lines = PRODUCTS
            .iter()
            .zip(&product_ids)
            .filter_map(|((.., stocked), id)| {
                let (main, annex) = (*stocked)?;
                let quantity = if warehouse == 0 { main } else { annex };
                (quantity != 0).then_some(AdjustmentLineIn {
                    product_id: Some(*id),
                    quantity: Some(quantity),
                })
            })
            .collect();
        let input = StockAdjustmentIn {
            warehouse_id: Some(*warehouse_id),
            lines: Some(lines),
            date: None,
            note: Some("Opening stock".into()),
        };
        adjustments::make(cx, input).await?;
    }

    transfers::make(
        cx,
        TransferIn {
            from_warehouse_id: Some(warehouse_ids[0]),
            to_warehouse_id: Some(warehouse_ids[1]),
            lines: Some(vec![crate::stock::TransferLineIn {
                product_id: Some(product_ids[0]),
                quantity: Some(5),
            }]),
            date: None,
            note: Some("Restock the annex".into()),
            product_id: None,
            quantity: None,
        },
    )
    .await?;
    for lines in [vec![(0, 2), (4, 3)], vec![(5, 1), (9, 1)]] {
        let items = lines
            .into_iter()
            .map(|(product, quantity)| PosLineIn {
                product_id: Some(product_ids[product]),
                quantity: Some(quantity),
                price: None,
                discount: None,
            })
            .collect();
        let sale = PosIn {
            warehouse_id: Some(warehouse_ids[0]),
            customer_id: None,
            items: Some(items),
            payments: None,
            pos_date: None,
            note: None,
        };
        pos::sell(cx, sale).await?;
    }
    Ok(())
}
