from enum import StrEnum


class ActivityKind(StrEnum):
    BUG = "bug"
    FILE = "file"
    TASK = "task"
    TIME = "time"

    def __str__(self) -> str:
        return str(self.value)
