from enum import StrEnum


class PayrollStatus(StrEnum):
    CANCELLED = "cancelled"
    COMPLETED = "completed"
    DRAFT = "draft"
    PROCESSING = "processing"

    def __str__(self) -> str:
        return str(self.value)
