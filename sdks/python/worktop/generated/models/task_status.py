from enum import StrEnum


class TaskStatus(StrEnum):
    COMPLETED = "completed"
    ON_GOING = "on_going"

    def __str__(self) -> str:
        return str(self.value)
