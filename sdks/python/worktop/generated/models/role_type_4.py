from enum import StrEnum


class RoleType4(StrEnum):
    VENDOR = "vendor"

    def __str__(self) -> str:
        return str(self.value)
