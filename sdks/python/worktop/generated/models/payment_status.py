from enum import StrEnum


class PaymentStatus(StrEnum):
    CANCELLED = "cancelled"
    CLEARED = "cleared"
    PENDING = "pending"

    def __str__(self) -> str:
        return str(self.value)
