from enum import StrEnum


class IndexStatus(StrEnum):
    BUILDING = "building"
    READY = "ready"

    def __str__(self) -> str:
        return str(self.value)
