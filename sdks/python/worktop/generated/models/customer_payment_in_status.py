from enum import StrEnum


class CustomerPaymentInStatus(StrEnum):
    CLEARED = "cleared"
    PENDING = "pending"

    def __str__(self) -> str:
        return str(self.value)
