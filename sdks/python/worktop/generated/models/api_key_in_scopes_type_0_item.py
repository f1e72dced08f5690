from enum import StrEnum


class ApiKeyInScopesType0Item(StrEnum):
    ACCOUNTING_READ = "accounting.read"
    ACCOUNTING_WRITE = "accounting.write"
    ACCOUNT_READ = "account.read"
    ACCOUNT_WRITE = "account.write"
    CRM_READ = "crm.read"
    CRM_WRITE = "crm.write"
    HR_READ = "hr.read"
    HR_WRITE = "hr.write"
    INVENTORY_READ = "inventory.read"
    INVENTORY_WRITE = "inventory.write"
    PLATFORM_READ = "platform.read"
    PLATFORM_WRITE = "platform.write"
    POS_READ = "pos.read"
    POS_WRITE = "pos.write"
    PROJECTS_READ = "projects.read"
    PROJECTS_WRITE = "projects.write"
    SALES_READ = "sales.read"
    SALES_WRITE = "sales.write"
    SUPPORT_READ = "support.read"
    SUPPORT_WRITE = "support.write"
    USERS_READ = "users.read"
    USERS_WRITE = "users.write"
    WEBHOOKS_READ = "webhooks.read"
    WEBHOOKS_WRITE = "webhooks.write"

    def __str__(self) -> str:
        return str(self.value)
