from enum import StrEnum


class DeliveryStatusType1(StrEnum):
    FAILED = "failed"

    def __str__(self) -> str:
        return str(self.value)
