from enum import StrEnum


class PaymentMethod(StrEnum):
    BANK_TRANSFER = "bank_transfer"
    CARD = "card"
    CASH = "cash"
    OTHER = "other"

    def __str__(self) -> str:
        return str(self.value)
