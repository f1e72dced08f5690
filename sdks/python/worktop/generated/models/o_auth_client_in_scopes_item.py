from enum import StrEnum


class OAuthClientInScopesItem(StrEnum):
    ACCOUNTINGREAD = "accounting:read"
    ACCOUNTINGWRITE = "accounting:write"
    ACCOUNTREAD = "account:read"
    ACCOUNTWRITE = "account:write"
    CRMREAD = "crm:read"
    CRMWRITE = "crm:write"
    HRREAD = "hr:read"
    HRWRITE = "hr:write"
    INVENTORYREAD = "inventory:read"
    INVENTORYWRITE = "inventory:write"
    PLATFORMREAD = "platform:read"
    PLATFORMWRITE = "platform:write"
    POSREAD = "pos:read"
    POSWRITE = "pos:write"
    PROJECTSREAD = "projects:read"
    PROJECTSWRITE = "projects:write"
    SALESREAD = "sales:read"
    SALESWRITE = "sales:write"
    SUPPORTREAD = "support:read"
    SUPPORTWRITE = "support:write"
    USERSREAD = "users:read"
    USERSWRITE = "users:write"
    WEBHOOKSREAD = "webhooks:read"
    WEBHOOKSWRITE = "webhooks:write"

    def __str__(self) -> str:
        return str(self.value)
