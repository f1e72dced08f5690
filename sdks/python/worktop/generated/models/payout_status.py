from enum import StrEnum


class PayoutStatus(StrEnum):
    CANCELLED = "cancelled"
    PAID = "paid"

    def __str__(self) -> str:
        return str(self.value)
