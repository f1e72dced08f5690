from enum import StrEnum


class RoleType1(StrEnum):
    ADMIN = "admin"

    def __str__(self) -> str:
        return str(self.value)
