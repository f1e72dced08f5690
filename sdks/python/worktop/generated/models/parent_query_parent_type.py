from enum import StrEnum


class ParentQueryParentType(StrEnum):
    CUSTOMER = "customer"
    OPPORTUNITY = "opportunity"
    QUOTE = "quote"
    SALES_ORDER = "sales_order"

    def __str__(self) -> str:
        return str(self.value)
