from enum import StrEnum


class Recurrence(StrEnum):
    MONTHLY = "monthly"
    QUARTERLY = "quarterly"
    YEARLY = "yearly"

    def __str__(self) -> str:
        return str(self.value)
