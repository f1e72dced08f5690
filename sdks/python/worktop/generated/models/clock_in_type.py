from enum import StrEnum


class ClockInType(StrEnum):
    CLOCKIN = "clockin"
    CLOCKOUT = "clockout"

    def __str__(self) -> str:
        return str(self.value)
