from enum import StrEnum


class ListSubscriptionsSort(StrEnum):
    CREATED_AT = "created_at"
    ID = "id"
    STATUS = "status"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-status"

    def __str__(self) -> str:
        return str(self.value)
