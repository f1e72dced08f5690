from enum import StrEnum


class ExportEmployeeBodySort(StrEnum):
    CREATED_AT = "created_at"
    DATE_OF_JOINING = "date_of_joining"
    EMPLOYEE_CODE = "employee_code"
    ID = "id"
    NAME = "name"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-name"
    VALUE_7 = "-employee_code"
    VALUE_9 = "-date_of_joining"

    def __str__(self) -> str:
        return str(self.value)
