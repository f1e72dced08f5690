from enum import StrEnum


class ProjectStatus(StrEnum):
    FINISHED = "finished"
    ONGOING = "ongoing"
    ON_HOLD = "on_hold"

    def __str__(self) -> str:
        return str(self.value)
