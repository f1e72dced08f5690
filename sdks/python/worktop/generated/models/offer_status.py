from enum import StrEnum


class OfferStatus(StrEnum):
    CANCELLED = "cancelled"
    OPEN = "open"

    def __str__(self) -> str:
        return str(self.value)
