from enum import StrEnum


class InvoiceStatusType0(StrEnum):
    DRAFT = "draft"
    PAID = "paid"
    PARTIALLY_PAID = "partially_paid"
    POSTED = "posted"

    def __str__(self) -> str:
        return str(self.value)
