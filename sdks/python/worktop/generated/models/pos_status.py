from enum import StrEnum


class PosStatus(StrEnum):
    CANCELLED = "cancelled"
    COMPLETED = "completed"

    def __str__(self) -> str:
        return str(self.value)
