from enum import StrEnum


class VendorPaymentInStatus(StrEnum):
    CLEARED = "cleared"
    PENDING = "pending"

    def __str__(self) -> str:
        return str(self.value)
