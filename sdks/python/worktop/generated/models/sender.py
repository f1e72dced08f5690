from enum import StrEnum


class Sender(StrEnum):
    CUSTOMER = "customer"
    STAFF = "staff"

    def __str__(self) -> str:
        return str(self.value)
