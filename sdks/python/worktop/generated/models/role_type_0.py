from enum import StrEnum


class RoleType0(StrEnum):
    OWNER = "owner"

    def __str__(self) -> str:
        return str(self.value)
