from enum import StrEnum


class NoteStatus(StrEnum):
    APPLIED = "applied"
    APPROVED = "approved"
    CANCELLED = "cancelled"
    DRAFT = "draft"
    PARTIAL = "partial"

    def __str__(self) -> str:
        return str(self.value)
