from enum import StrEnum


class MilestoneStatus(StrEnum):
    COMPLETE = "complete"
    INCOMPLETE = "incomplete"

    def __str__(self) -> str:
        return str(self.value)
