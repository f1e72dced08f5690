//! Plans: which modules a workspace may use and how many requests per hour each token may make.

use serde::Serialize;

use crate::auth::Module;

/// A plan. The built-in ones are [`PLANS`]; a workspace may also carry its own limit
/// (`rate_limit_per_hour` on its record) for custom deals.
#[derive(Debug, Serialize)]
pub struct Plan {
    pub id: &'static str,
    pub name: &'static str,
    pub description: &'static str,
    pub modules: &'static [Module],
    /// Per token; bursts of up to twice this pass without throttling.
    pub requests_per_hour: u32,
    /// Custom fields the workspace may define, across its kinds of record.
    pub custom_fields: u32,
    /// Whole currency units.
    pub price_monthly: u32,
    pub price_yearly: u32,
    pub currency: &'static str,
    pub trial_days: u32,
}

impl Plan {
    pub fn includes(&self, module: Module) -> bool {
        module.is_always_on() || self.modules.contains(&module)
    }

    /// Whether a workspace on this plan that switched off `disabled` may use `module`.
    pub fn enables(&self, module: Module, disabled: &[Module]) -> bool {
        module.is_always_on() || (self.includes(module) && !disabled.contains(&module))
    }
}

const CORE: [Module; 2] = [Module::Users, Module::Webhooks];

pub static STARTER: Plan = Plan {
    id: "starter",
    name: "Starter",
    description: "CRM, projects and the support desk for a small team.",
    modules: &[CORE[0], CORE[1], Module::Crm, Module::Projects, Module::Support],
    requests_per_hour: 1000,
    custom_fields: 20,
    price_monthly: 29,
    price_yearly: 290,
    currency: "USD",
    trial_days: 14,
};

pub static PRO: Plan = Plan {
    id: "pro",
    name: "Pro",
    description: "Starter plus sales, invoicing and accounting, inventory and point of sale.",
    modules: &[
        CORE[0],
        CORE[1],
        Module::Crm,
        Module::Projects,
        Module::Support,
        Module::Sales,
        Module::Accounting,
        Module::Inventory,
        Module::Pos,
    ],
    requests_per_hour: 5000,
    custom_fields: 200,
    price_monthly: 79,
    price_yearly: 790,
    currency: "USD",
    trial_days: 14,
};

pub static BUSINESS: Plan = Plan {
    id: "business",
    name: "Business",
    description: "Everything: Pro plus HR and payroll and the white-label platform.",
    modules: &[
        CORE[0],
        CORE[1],
        Module::Crm,
        Module::Projects,
        Module::Support,
        Module::Sales,
        Module::Accounting,
        Module::Inventory,
        Module::Pos,
        Module::Hr,
        Module::Platform,
    ],
    requests_per_hour: 20000,
    custom_fields: 800,
    price_monthly: 199,
    price_yearly: 1990,
    currency: "USD",
    trial_days: 14,
};

/// Every built-in plan, cheapest first.
pub static PLANS: [&Plan; 3] = [&STARTER, &PRO, &BUSINESS];

/// A built-in plan by id.
pub fn find(id: &str) -> Option<&'static Plan> {
    PLANS.iter().copied().find(|p| p.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_plan_includes_the_one_before_it_and_the_core() {
        for pair in PLANS.windows(2) {
            assert!(
                pair[0].modules.iter().all(|m| pair[1].includes(*m)),
                "{} ⊄ {}",
                pair[0].id,
                pair[1].id
            );
            assert!(pair[0].requests_per_hour < pair[1].requests_per_hour);
        }
        assert!(PLANS.iter().all(|p| p.includes(Module::Users)));
        assert!(!STARTER.includes(Module::Hr) && BUSINESS.includes(Module::Hr));
        assert_eq!(find("pro").map(|p| p.name), Some("Pro"));
    }
}
