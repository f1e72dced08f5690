from enum import StrEnum


class PayrollFrequency(StrEnum):
    BIWEEKLY = "biweekly"
    MONTHLY = "monthly"
    WEEKLY = "weekly"

    def __str__(self) -> str:
        return str(self.value)
