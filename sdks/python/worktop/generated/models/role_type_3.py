from enum import StrEnum


class RoleType3(StrEnum):
    CLIENT = "client"

    def __str__(self) -> str:
        return str(self.value)
