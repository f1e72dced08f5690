//! Roles and per-module permissions (`crm.read`, `crm.write`, ...).

use serde::{Deserialize, Serialize};

/// The modules permissions (and, later, plans) are granted for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Module {
    /// The caller's own account: profile, photo, API keys, sessions. On every plan, held by every
    /// role; an API key holds it only when unscoped or scoped with `account.read` / `account.write`.
    Account,
    Users,
    Crm,
    Sales,
    Accounting,
    Inventory,
    Projects,
    Pos,
    Support,
    Hr,
    Webhooks,
    Platform,
}

impl Module {
    pub const ALL: [Module; 12] = [
        Self::Account,
        Self::Users,
        Self::Crm,
        Self::Sales,
        Self::Accounting,
        Self::Inventory,
        Self::Projects,
        Self::Pos,
        Self::Support,
        Self::Hr,
        Self::Webhooks,
        Self::Platform,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Account => "account",
            Self::Users => "users",
            Self::Crm => "crm",
            Self::Sales => "sales",
            Self::Accounting => "accounting",
            Self::Inventory => "inventory",
            Self::Projects => "projects",
            Self::Pos => "pos",
            Self::Support => "support",
            Self::Hr => "hr",
            Self::Webhooks => "webhooks",
            Self::Platform => "platform",
        }
    }

    /// Modules a staff member works in; the rest (account, users, webhooks, platform) are not.
    fn is_business(self) -> bool {
        !matches!(self, Self::Account | Self::Users | Self::Webhooks | Self::Platform)
    }

    /// On every plan, and no workspace can switch it off.
    pub fn is_always_on(self) -> bool {
        self == Self::Account
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Access {
    Read,
    Write,
}

/// One module and one access level, written `module.read` / `module.write`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Permission {
    pub module: Module,
    pub access: Access,
}

impl Permission {
    pub const fn read(module: Module) -> Self {
        Self {
            module,
            access: Access::Read,
        }
    }
    pub const fn write(module: Module) -> Self {
        Self {
            module,
            access: Access::Write,
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        let (module, access) = raw.split_once('.')?;
        let module = Module::ALL.into_iter().find(|m| m.as_str() == module)?;
        let access = match access {
            "read" => Access::Read,
            "write" => Access::Write,
            _ => return None,
        };
        Some(Self { module, access })
    }

    pub fn name(self) -> String {
        let access = match self.access {
            Access::Read => "read",
            Access::Write => "write",
        };
        format!("{}.{access}", self.module.as_str())
    }
}

/// Every permission, in a stable order (for listings and scope validation).
pub static ALL_PERMISSIONS: std::sync::LazyLock<Vec<Permission>> = std::sync::LazyLock::new(|| {
    Module::ALL
        .into_iter()
        .flat_map(|m| [Permission::read(m), Permission::write(m)])
        .collect()
});

/// The built-in roles. A user has exactly one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Owns the workspace: everything, and only owners manage owners.
    Owner,
    /// Everything except managing owners.
    Admin,
    /// Reads and writes the business modules, reads the user list.
    Staff,
    /// A customer with a login: their own profile and keys only.
    Client,
    /// A supplier with a login: their own profile and keys only.
    Vendor,
}

impl Role {
    pub const ALL: [Role; 5] = [Self::Owner, Self::Admin, Self::Staff, Self::Client, Self::Vendor];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Owner => "owner",
            Self::Admin => "admin",
            Self::Staff => "staff",
            Self::Client => "client",
            Self::Vendor => "vendor",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|r| r.as_str() == raw)
    }

    pub fn description(self) -> &'static str {
        match self {
            Self::Owner => "Owns the workspace; full access, including managing other owners.",
            Self::Admin => "Full access except managing owners.",
            Self::Staff => "Reads and writes every business module; reads the user list.",
            Self::Client => "A customer login: own account (profile, API keys) only.",
            Self::Vendor => "A supplier login: own account (profile, API keys) only.",
        }
    }

    pub fn grants(self, permission: Permission) -> bool {
        if permission.module == Module::Account {
            // Everyone manages their own account.
            return true;
        }
        match self {
            Self::Owner | Self::Admin => true,
            Self::Staff => permission.module.is_business() || permission == Permission::read(Module::Users),
            Self::Client | Self::Vendor => false,
        }
    }

    pub fn permissions(self) -> Vec<Permission> {
        ALL_PERMISSIONS.iter().copied().filter(|p| self.grants(*p)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permissions_round_trip_through_their_names() {
        for p in ALL_PERMISSIONS.iter() {
            assert_eq!(Permission::parse(&p.name()), Some(*p));
        }
        assert_eq!(Permission::parse("crm.delete"), None);
        assert_eq!(Permission::parse("nope.read"), None);
    }

    #[test]
    fn staff_work_in_business_modules_but_do_not_administer() {
        assert!(Role::Staff.grants(Permission::write(Module::Crm)));
        assert!(Role::Staff.grants(Permission::read(Module::Users)));
        assert!(!Role::Staff.grants(Permission::write(Module::Users)));
        assert!(!Role::Client.grants(Permission::read(Module::Crm)));
        assert!(Role::Admin.grants(Permission::write(Module::Users)));
        for role in Role::ALL {
            assert!(
                role.grants(Permission::write(Module::Account)),
                "{role:?} manages its own account"
            );
        }
    }
}
