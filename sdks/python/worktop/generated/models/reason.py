from enum import StrEnum


class Reason(StrEnum):
    ADJUSTMENT = "adjustment"
    POS = "pos"
    PURCHASE = "purchase"
    RETURN = "return"
    SALE = "sale"
    TRANSFER_IN = "transfer_in"
    TRANSFER_OUT = "transfer_out"

    def __str__(self) -> str:
        return str(self.value)
