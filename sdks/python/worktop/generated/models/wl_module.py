from enum import StrEnum


class WlModule(StrEnum):
    ACCOUNTING = "accounting"
    CRM = "crm"
    HR = "hr"
    INVENTORY = "inventory"
    POS = "pos"
    PROJECTS = "projects"
    SALES = "sales"
    SUPPORT = "support"

    def __str__(self) -> str:
        return str(self.value)
