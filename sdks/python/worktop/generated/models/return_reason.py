from enum import StrEnum


class ReturnReason(StrEnum):
    DAMAGED = "damaged"
    DEFECTIVE = "defective"
    EXCESS_QUANTITY = "excess_quantity"
    OTHER = "other"
    WRONG_ITEM = "wrong_item"

    def __str__(self) -> str:
        return str(self.value)
