from enum import StrEnum


class InvoiceType(StrEnum):
    PRODUCT = "product"
    SERVICE = "service"

    def __str__(self) -> str:
        return str(self.value)
