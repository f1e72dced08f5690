from enum import StrEnum


class InvoiceStatusType1(StrEnum):
    OVERDUE = "overdue"

    def __str__(self) -> str:
        return str(self.value)
