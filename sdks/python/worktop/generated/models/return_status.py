from enum import StrEnum


class ReturnStatus(StrEnum):
    APPROVED = "approved"
    CANCELLED = "cancelled"
    COMPLETED = "completed"
    DRAFT = "draft"

    def __str__(self) -> str:
        return str(self.value)
