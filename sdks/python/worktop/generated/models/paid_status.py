from enum import StrEnum


class PaidStatus(StrEnum):
    PAID = "paid"
    UNPAID = "unpaid"

    def __str__(self) -> str:
        return str(self.value)
