from enum import StrEnum


class RoleType2(StrEnum):
    STAFF = "staff"

    def __str__(self) -> str:
        return str(self.value)
