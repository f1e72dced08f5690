from enum import StrEnum


class UserInRole(StrEnum):
    ADMIN = "admin"
    CLIENT = "client"
    OWNER = "owner"
    STAFF = "staff"
    VENDOR = "vendor"

    def __str__(self) -> str:
        return str(self.value)
