from enum import StrEnum


class ListSubscriptionsSort(StrEnum):
    CREATED_AT = "created_at"
    ID = "id"
    STATUS = "status"
    UPDATED_AT = "updated_at"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-updated_at"
    VALUE_7 = "-status"

    def __str__(self) -> str:
        return str(self.value)
