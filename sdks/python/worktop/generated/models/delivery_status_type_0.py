from enum import StrEnum


class DeliveryStatusType0(StrEnum):
    DELIVERED = "delivered"
    PENDING = "pending"

    def __str__(self) -> str:
        return str(self.value)
