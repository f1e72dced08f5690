from enum import StrEnum


class EntryStatus(StrEnum):
    APPROVED = "approved"
    DRAFT = "draft"
    POSTED = "posted"

    def __str__(self) -> str:
        return str(self.value)
