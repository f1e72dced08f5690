from enum import StrEnum


class SyncDirection(StrEnum):
    BOTH = "both"
    PULL = "pull"
    PUSH = "push"

    def __str__(self) -> str:
        return str(self.value)
