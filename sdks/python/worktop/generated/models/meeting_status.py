from enum import StrEnum


class MeetingStatus(StrEnum):
    CANCELLED = "cancelled"
    HELD = "held"
    PLANNED = "planned"

    def __str__(self) -> str:
        return str(self.value)
